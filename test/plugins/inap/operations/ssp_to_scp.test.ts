// Argument tables of every inap.ssp_to_scp.* operation type (plugins/inap/operations/ssp_to_scp/).
import { opTables } from '../helpers/op-tables.js';

opTables('ssp_to_scp');
