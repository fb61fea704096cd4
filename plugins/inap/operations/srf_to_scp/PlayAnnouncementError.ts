// inap.srf_to_scp.PlayAnnouncementError
import { inapOperation } from '../define.js';

export default inapOperation('srf_to_scp', 'PlayAnnouncementError');
