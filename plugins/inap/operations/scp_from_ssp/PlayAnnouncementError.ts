// inap.scp_from_ssp.PlayAnnouncementError
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_ssp', 'PlayAnnouncementError');
