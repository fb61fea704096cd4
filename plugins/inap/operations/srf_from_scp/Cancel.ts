// inap.srf_from_scp.Cancel
import { inapOperation } from '../define.js';

export default inapOperation('srf_from_scp', 'Cancel');
