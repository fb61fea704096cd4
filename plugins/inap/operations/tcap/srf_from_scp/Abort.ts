// tcap.srf_from_scp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('srf_from_scp');
