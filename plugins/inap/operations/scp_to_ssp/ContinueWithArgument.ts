// inap.scp_to_ssp.ContinueWithArgument
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ContinueWithArgument');
