// inap.scp_from_srf.AssistRequestInstructions
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'AssistRequestInstructions');
