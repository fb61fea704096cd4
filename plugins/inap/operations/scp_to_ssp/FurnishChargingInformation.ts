// inap.scp_to_ssp.FurnishChargingInformation
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'FurnishChargingInformation');
