// Argument tables of every inap.scp_to_srf.* operation type (plugins/inap/operations/scp_to_srf/).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_to_srf');
