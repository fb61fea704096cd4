// inap.scp_to_ssp.Connect
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'Connect');
