// inap.srf_from_scp.PromptAndCollectUserInformation
import { inapOperation } from '../define.js';

export default inapOperation('srf_from_scp', 'PromptAndCollectUserInformation');
