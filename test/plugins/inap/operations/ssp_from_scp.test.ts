// Argument tables of every inap.ssp_from_scp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('ssp_from_scp');
