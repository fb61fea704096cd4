// inap.scp_to_ssp.InitiateCallAttempt
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'InitiateCallAttempt');
