// inap.scp_to_ssp.PlayAnnouncement
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'PlayAnnouncement');
