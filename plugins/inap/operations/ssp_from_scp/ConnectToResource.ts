// inap.ssp_from_scp.ConnectToResource
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ConnectToResource');
