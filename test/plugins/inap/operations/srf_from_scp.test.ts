// Argument tables of every inap.srf_from_scp.* operation type (plugins/inap/operations/srf_from_scp/).
import { opTables } from '../helpers/op-tables.js';

opTables('srf_from_scp');
