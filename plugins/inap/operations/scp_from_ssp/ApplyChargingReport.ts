// inap.scp_from_ssp.ApplyChargingReport
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'ApplyChargingReport');
