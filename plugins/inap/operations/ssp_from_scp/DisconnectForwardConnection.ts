// inap.ssp_from_scp.DisconnectForwardConnection
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'DisconnectForwardConnection');
