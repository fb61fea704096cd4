// inap.ssp_from_scp.Connect
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'Connect');
