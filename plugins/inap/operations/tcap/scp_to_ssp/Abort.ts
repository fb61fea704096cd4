// tcap.scp_to_ssp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('scp_to_ssp');
