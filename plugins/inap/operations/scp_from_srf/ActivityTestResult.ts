// inap.scp_from_srf.ActivityTestResult
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'ActivityTestResult');
