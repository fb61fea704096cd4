// inap.scp_from_ssp.EventReportBCSM
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'EventReportBCSM');
