// inap.ssp_to_scp.InitialDP
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'InitialDP');
