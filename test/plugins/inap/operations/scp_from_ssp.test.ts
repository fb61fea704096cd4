// Argument tables of every inap.scp_from_ssp.* operation type (rows of plugins/inap/catalogue.ts).
import { opTables } from '../helpers/op-tables.js';

opTables('scp_from_ssp');
