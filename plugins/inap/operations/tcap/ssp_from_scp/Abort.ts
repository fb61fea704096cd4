// tcap.ssp_from_scp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('ssp_from_scp');
