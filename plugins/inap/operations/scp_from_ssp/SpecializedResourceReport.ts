// inap.scp_from_ssp.SpecializedResourceReport
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'SpecializedResourceReport');
