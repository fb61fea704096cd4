// inap.scp_from_srf.SpecializedResourceReport
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'SpecializedResourceReport');
