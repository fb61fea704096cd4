// inap.ssp_from_scp.ActivityTest
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ActivityTest');
