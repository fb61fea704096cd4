// inap.ssp_from_scp.FurnishChargingInformation
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'FurnishChargingInformation');
