// Argument tables of every inap.srf_from_scp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('srf_from_scp');
