// inap.ssp_from_scp.EstablishTemporaryConnection
import { inapOperation } from '../define.js';

export default inapOperation('ssp_from_scp', 'EstablishTemporaryConnection');
