// inap.ssp_from_scp.PlayAnnouncement
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'PlayAnnouncement');
