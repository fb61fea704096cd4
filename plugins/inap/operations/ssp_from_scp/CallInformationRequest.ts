// inap.ssp_from_scp.CallInformationRequest
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'CallInformationRequest');
