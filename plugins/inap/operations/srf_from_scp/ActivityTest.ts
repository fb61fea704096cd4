// inap.srf_from_scp.ActivityTest
import { inapOperation } from '../define.js';

export default inapOperation('srf_from_scp', 'ActivityTest');
