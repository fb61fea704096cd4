// tcap.scp_from_srf.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('scp_from_srf');
