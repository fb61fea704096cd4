// inap.scp_from_ssp.CallInformationReport
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'CallInformationReport');
