// inap.srf_to_scp.AssistRequestInstructions
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'AssistRequestInstructions');
