// inap.ssp_to_scp.ActivityTestResult
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'ActivityTestResult');
