// inap.scp_to_ssp.DisconnectLeg
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'DisconnectLeg');
