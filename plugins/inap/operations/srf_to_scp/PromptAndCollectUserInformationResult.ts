// inap.srf_to_scp.PromptAndCollectUserInformationResult
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'PromptAndCollectUserInformationResult');
