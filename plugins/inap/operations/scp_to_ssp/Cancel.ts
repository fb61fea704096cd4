// inap.scp_to_ssp.Cancel
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'Cancel');
