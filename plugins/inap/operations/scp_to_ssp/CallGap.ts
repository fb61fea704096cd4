// inap.scp_to_ssp.CallGap
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'CallGap');
