// inap.ssp_from_scp.CallGap
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'CallGap');
