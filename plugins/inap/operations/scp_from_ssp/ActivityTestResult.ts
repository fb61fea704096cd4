// inap.scp_from_ssp.ActivityTestResult
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'ActivityTestResult');
