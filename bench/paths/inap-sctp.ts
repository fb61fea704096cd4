// INAP InitialDP → ReleaseCall against `tester scp-sim` over M3UA/SCTP on the userland backend (usrsctp), both sides.
// The userland backend sends raw IP on lo, so the path runs in a private network namespace (`netns`: the runner
// starts a child bench there, bench/paths/netns-child.ts); its maximum is compared with the INAP-over-M3UA/TCP one
// of the same bench run (`ofInapTcp`).
import { join } from 'node:path';
import { IDP, RC, root, start, startService } from '../processes.js';
import type { BenchPath } from './path.js';
import { pathSetup } from './service.js';

export const inapSctpPath: BenchPath = {
  id: 'inap-sctp',
  title: 'INAP InitialDP → ReleaseCall vs tester scp-sim, M3UA/SCTP (userland backend, both sides)',
  messagesPerInstance: 2,
  netns: true,
  ofInapTcp: true,
  async setup(work) {
    const sim = await start('scp-sim sctp', ['scp-sim', '--listen', '127.0.0.1:0', '--quiet', '--transport', 'sctp', '--sctp-backend', 'userland', '--config', join(root, 'examples/inap/plugins.json')], /scp-sim listening on \S+:(\d+)/);
    const svc = await startService(work, Number(sim.m[1]), 'sctp', { transport: 'sctp-client', sctp: { backend: 'userland' } });
    const definition = { scp: { tcap_timeout: 20 }, operations: [IDP, RC] };
    return pathSetup(svc.port, { name: 'service', pid: svc.pid }, [{ name: 'scp-sim', pid: sim.child.pid! }], definition);
  },
};
