// inap.ssp_from_scp.Continue
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'Continue');
