// inap.scp_to_ssp.RequestReportBCSMEvent
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'RequestReportBCSMEvent');
