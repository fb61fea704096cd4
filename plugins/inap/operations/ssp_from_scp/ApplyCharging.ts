// inap.ssp_from_scp.ApplyCharging
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ApplyCharging');
