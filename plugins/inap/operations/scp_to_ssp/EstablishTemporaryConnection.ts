// inap.scp_to_ssp.EstablishTemporaryConnection
import { inapOperation } from '../define.js';

export default inapOperation('scp_to_ssp', 'EstablishTemporaryConnection');
