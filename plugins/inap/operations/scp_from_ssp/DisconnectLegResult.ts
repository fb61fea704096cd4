// inap.scp_from_ssp.DisconnectLegResult
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'DisconnectLegResult');
