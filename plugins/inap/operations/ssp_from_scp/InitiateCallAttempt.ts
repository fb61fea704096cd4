// inap.ssp_from_scp.InitiateCallAttempt
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'InitiateCallAttempt');
