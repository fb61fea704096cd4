// inap.ssp_from_scp.PromptAndCollectUserInformation
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'PromptAndCollectUserInformation');
