// inap.scp_to_ssp.Continue
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'Continue');
