// inap.ssp_to_scp.PromptAndCollectUserInformationError
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'PromptAndCollectUserInformationError');
