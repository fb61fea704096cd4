// inap.ssp_to_scp.EventReportBCSM
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'EventReportBCSM');
