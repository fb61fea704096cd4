// inap.ssp_from_scp.ReleaseCall
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'ReleaseCall');
