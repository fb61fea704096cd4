// inap.scp_to_ssp.CallInformationRequest
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'CallInformationRequest');
