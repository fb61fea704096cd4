// inap.ssp_to_scp.SpecializedResourceReport
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'SpecializedResourceReport');
