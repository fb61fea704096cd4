// inap.ssp_from_scp.SendChargingInformation
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'SendChargingInformation');
