// inap.ssp_from_scp.ResetTimer
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ResetTimer');
