// inap.scp_to_ssp.ApplyCharging
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ApplyCharging');
