// Argument tables of every inap.ssp_from_scp.* operation type (plugins/inap/operations/ssp_from_scp/).
import { opTables } from '../helpers/op-tables.js';

opTables('ssp_from_scp');
