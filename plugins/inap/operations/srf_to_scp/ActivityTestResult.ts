// inap.srf_to_scp.ActivityTestResult
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'ActivityTestResult');
