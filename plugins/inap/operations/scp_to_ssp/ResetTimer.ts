// inap.scp_to_ssp.ResetTimer
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ResetTimer');
