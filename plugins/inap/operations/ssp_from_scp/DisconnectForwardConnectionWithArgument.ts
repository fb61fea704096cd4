// inap.ssp_from_scp.DisconnectForwardConnectionWithArgument
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'DisconnectForwardConnectionWithArgument');
