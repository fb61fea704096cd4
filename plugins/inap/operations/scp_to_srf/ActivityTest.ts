// inap.scp_to_srf.ActivityTest
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_srf', 'ActivityTest');
