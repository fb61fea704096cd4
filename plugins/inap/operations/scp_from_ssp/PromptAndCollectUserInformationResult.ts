// inap.scp_from_ssp.PromptAndCollectUserInformationResult
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'PromptAndCollectUserInformationResult');
