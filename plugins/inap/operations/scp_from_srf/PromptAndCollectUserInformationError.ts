// inap.scp_from_srf.PromptAndCollectUserInformationError
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'PromptAndCollectUserInformationError');
