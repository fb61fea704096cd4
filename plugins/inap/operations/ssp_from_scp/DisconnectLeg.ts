// inap.ssp_from_scp.DisconnectLeg
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'DisconnectLeg');
