// tcap.srf_to_scp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('srf_to_scp');
