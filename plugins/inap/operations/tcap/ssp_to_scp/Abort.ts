// tcap.ssp_to_scp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('ssp_to_scp');
