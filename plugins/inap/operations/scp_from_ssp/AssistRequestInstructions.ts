// inap.scp_from_ssp.AssistRequestInstructions
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'AssistRequestInstructions');
