// inap.ssp_to_scp.AssistRequestInstructions
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'AssistRequestInstructions');
