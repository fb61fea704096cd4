// inap.scp_to_ssp.SendChargingInformation
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'SendChargingInformation');
