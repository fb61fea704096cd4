// inap.scp_to_ssp.ReleaseCall
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'ReleaseCall');
