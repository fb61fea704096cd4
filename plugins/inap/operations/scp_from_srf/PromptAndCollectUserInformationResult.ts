// inap.scp_from_srf.PromptAndCollectUserInformationResult
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'PromptAndCollectUserInformationResult');
