// Argument tables of every inap.ssp_to_scp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('ssp_to_scp');
