// inap.srf_to_scp.PromptAndCollectUserInformationError
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'PromptAndCollectUserInformationError');
