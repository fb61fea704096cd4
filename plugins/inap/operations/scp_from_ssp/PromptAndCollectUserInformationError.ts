// inap.scp_from_ssp.PromptAndCollectUserInformationError
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'PromptAndCollectUserInformationError');
