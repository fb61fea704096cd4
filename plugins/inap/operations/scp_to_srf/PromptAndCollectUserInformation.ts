// inap.scp_to_srf.PromptAndCollectUserInformation
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_srf', 'PromptAndCollectUserInformation');
