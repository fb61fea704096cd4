// inap.scp_to_ssp.ActivityTest
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ActivityTest');
