// inap.scp_to_ssp.PromptAndCollectUserInformation
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'PromptAndCollectUserInformation');
