// Argument tables of every inap.scp_from_srf.* operation type (plugins/inap/operations/scp_from_srf/).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_from_srf');
