// Argument tables of every inap.srf_to_scp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('srf_to_scp');
