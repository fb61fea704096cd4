// inap.scp_to_ssp.DisconnectForwardConnection
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'DisconnectForwardConnection');
