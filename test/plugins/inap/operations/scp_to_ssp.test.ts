// Argument tables of every inap.scp_to_ssp.* operation type (plugins/inap/operations/scp_to_ssp/).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_to_ssp');
