// inap.scp_to_srf.PlayAnnouncement
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_srf', 'PlayAnnouncement');
