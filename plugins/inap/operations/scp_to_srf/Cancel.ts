// inap.scp_to_srf.Cancel
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_srf', 'Cancel');
