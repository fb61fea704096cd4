// inap.ssp_to_scp.CallInformationReport
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'CallInformationReport');
