// inap.srf_to_scp.SpecializedResourceReport
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'SpecializedResourceReport');
