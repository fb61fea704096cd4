// inap.srf_from_scp.PlayAnnouncement
import { inapOperation } from '../define.js';

export default inapOperation('srf_from_scp', 'PlayAnnouncement');
