// Argument tables of every inap.scp_from_ssp.* operation type (plugins/inap/operations/scp_from_ssp/).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_from_ssp');
