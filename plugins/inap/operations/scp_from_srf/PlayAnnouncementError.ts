// inap.scp_from_srf.PlayAnnouncementError
import { inapOperation } from '../define.js';

export default inapOperation('scp_from_srf', 'PlayAnnouncementError');
