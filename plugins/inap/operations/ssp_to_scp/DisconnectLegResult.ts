// inap.ssp_to_scp.DisconnectLegResult
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'DisconnectLegResult');
