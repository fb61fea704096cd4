// inap.scp_to_ssp.DisconnectForwardConnectionWithArgument
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'DisconnectForwardConnectionWithArgument');
