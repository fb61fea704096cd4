// inap.ssp_to_scp.PlayAnnouncementError
import { inapOperation } from '../define.js';

export default inapOperation('ssp_to_scp', 'PlayAnnouncementError');
