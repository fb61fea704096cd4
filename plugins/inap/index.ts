// The inap plugin: INAP CS-1 and CAMEL (CAP v2-v4) operation types for the roles SSP and SRF towards an SCP, the
// reverse roles (the tester playing the SCP), TCAP aborts, and the `tester scp-sim` reference SCP.
import { definePlugin } from '../../sdk/index.js';
import type { SigtranPluginExports } from '../sigtran/api.js';
import { inapFamily } from './family.js';
import { inapConfig, optionsSchema, type InapOptions } from './options.js';
import { inapParam, sspAcParam } from './params.js';
import { inapRouter } from './runtime/routing.js';
import { scpSimCommand } from './scp-sim/command.js';

export default definePlugin<InapOptions>({
  name: 'inap',
  version: '0.1.0',
  // every worker of `tester serve --workers N` loads it (docs/workers.md)
  multiplied: true,
  description: 'INAP CS-1 and CAMEL CAP v2/v3/v4 over the sigtran gateway: SSP, SRF and SCP roles',
  namespaces: ['tcap'],
  dependencies: { sigtran: '^0.1.0' },
  // the capture importer's view of INAP (plugins/capture)
  exports: ['import.ts'],
  optionsSchema: { ...optionsSchema },
  setup(api, options) {
    const cfg = inapConfig(options);
    const router = inapRouter(cfg);
    for (const gw of api.use<SigtranPluginExports>('sigtran')?.gateways?.values() ?? []) gw.addRouter(router);
    const operations = inapFamily.operations(cfg);
    for (const op of operations) api.operation(op);
    api.param('ssp_ac', sspAcParam);
    api.param('inap', inapParam);
    api.log('debug', `${operations.length} operation types, default variant ${cfg.default_variant}`);
  },
  commands: { 'scp-sim': scpSimCommand },
});
