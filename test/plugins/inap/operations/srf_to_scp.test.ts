// Argument tables of every inap.srf_to_scp.* operation type (plugins/inap/operations/srf_to_scp/).
import { opTables } from '../helpers/op-tables.js';

opTables('srf_to_scp');
