// inap.ssp_from_scp.Cancel
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'Cancel');
