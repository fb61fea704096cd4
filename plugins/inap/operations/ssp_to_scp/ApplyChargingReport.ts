// inap.ssp_to_scp.ApplyChargingReport
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'ApplyChargingReport');
