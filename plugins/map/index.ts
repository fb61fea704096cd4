// The map plugin: MAP (3GPP TS 29.002) operation types for the HLR, VLR, MSC, SMSC and SCP/gsmSCF roles over the
// sigtran gateway (TCAP dialogues over M3UA/SCCP), TCAP aborts, and the `tester hlr-sim` simulator.
import { definePlugin } from '../../sdk/index.js';
import type { SigtranPluginExports } from '../sigtran/api.js';
import { mapFamily } from './family.js';
import { hlrSimCommand } from './hlr-sim/command.js';
import { mapOptions, optionsSchema, type MapOptions } from './options.js';
import { hlrAcParam } from './params.js';
import { mapRouter } from './runtime/register.js';

export default definePlugin<MapOptions>({
  name: 'map',
  version: '0.1.0',
  // every worker of `tester serve --workers N` loads it (docs/workers.md)
  multiplied: true,
  description: 'MAP (TS 29.002) over the sigtran gateway: HLR, VLR, MSC, SMSC and gsmSCF roles (ATI, SRI, SRI-SM, PSI, USSD, short messages)',
  namespaces: ['tcap'],
  dependencies: { sigtran: '^0.1.0' },
  // the capture importer's view of MAP (plugins/capture)
  exports: ['import.ts'],
  optionsSchema: { ...optionsSchema },
  setup(api, options) {
    // inbound Begins that open with a MAP operation get routing keys on every gateway (map.*.Register)
    for (const gw of api.use<SigtranPluginExports>('sigtran')?.gateways?.values() ?? []) gw.addRouter(mapRouter);
    const ops = mapFamily.operations(mapOptions(options));
    for (const op of ops) api.operation(op);
    api.param('hlr_ac', hlrAcParam);
    api.log('debug', `${ops.length} operation types`);
  },
  commands: { 'hlr-sim': hlrSimCommand },
});
