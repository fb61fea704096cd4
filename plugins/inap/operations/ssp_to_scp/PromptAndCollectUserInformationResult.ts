// inap.ssp_to_scp.PromptAndCollectUserInformationResult
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'PromptAndCollectUserInformationResult');
