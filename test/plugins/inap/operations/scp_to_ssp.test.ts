// Argument tables of every inap.scp_to_ssp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_to_ssp');
