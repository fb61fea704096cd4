// tcap.scp_from_ssp.Abort
import { abortOperation } from '../../define.js';

export default abortOperation('scp_from_ssp');
