// Diameter credit-control sessions against `tester diameter-ocs` over TCP: CCR-Initial → CCA, CCR-Terminate → CCA
// (examples/diameter/ccr-load.json), every answer checked for 2001.
import type { BenchPath } from './path.js';
import { ccrSession, diameterEntry, startOcs } from './diameter.js';
import { pathSetup, startPathService } from './service.js';

export const diameterOcsPath: BenchPath = {
  id: 'diameter-ocs',
  title: 'Diameter CCR-I → CCA, CCR-T → CCA, vs tester diameter-ocs, TCP',
  messagesPerInstance: 4,
  async setup(work) {
    const { peer, port: ocsPort } = await startOcs();
    const definition = { diameter: 'OCS', ...ccrSession() };
    const { port, service } = await startPathService(work, [{ name: 'logic', enabled: true }, diameterEntry(ocsPort)], definition);
    return pathSetup(port, service, [peer], definition);
  },
};
