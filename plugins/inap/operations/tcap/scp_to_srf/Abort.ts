// tcap.scp_to_srf.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('scp_to_srf');
