// inap.ssp_from_scp.RequestReportBCSMEvent
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'RequestReportBCSMEvent');
