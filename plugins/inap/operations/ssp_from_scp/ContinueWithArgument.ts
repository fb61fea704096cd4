// inap.ssp_from_scp.ContinueWithArgument
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ContinueWithArgument');
