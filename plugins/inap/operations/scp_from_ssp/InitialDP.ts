// inap.scp_from_ssp.InitialDP
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'InitialDP');
