// inap.scp_to_ssp.ConnectToResource
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ConnectToResource');
