// The tester service as an ASP behind a hand-written SG (raw-peer.ts): logic, sigtran and inap, one sigtran instance
// `SIG` (opc 1 → dpc 2, SSN 146, routing context `rc`) connected to the raw server, its ASPUP and ASPAC answered,
// so that a test scripts every M3UA message the SG sends from then on.
import type { RunningService } from '../../../core/service.js';
import { encodeM3ua } from '../../../plugins/sigtran/m3ua/codec.js';
import { AspsmType, AsptmType, M3uaClass } from '../../../plugins/sigtran/m3ua/constants.js';
import { startTestService } from '../../helpers/service.js';
import { rawServer, type RawPeer } from './raw-peer.js';

export interface ServiceBehindRawSg {
  svc: RunningService;
  peer: RawPeer;
  close(): Promise<void>;
}

export async function serviceBehindRawSg(rc: number): Promise<ServiceBehindRawSg> {
  const srv = await rawServer();
  const svc = await startTestService([
    { name: 'logic' },
    { name: 'sigtran', options: { instances: [{ name: 'SIG', transport: 'tcp-client', host: '127.0.0.1', port: srv.port, role: 'asp', opc: 1, dpc: 2, ssn: 146, routingContext: rc, remote: { ri: 'ssn', pc: 2, ssn: 146 }, beatIntervalMs: 0, reconnectMinMs: 50 }] } },
    { name: 'inap' },
  ]);
  const peer = await srv.accepted;
  await peer.next((m) => m.cls === M3uaClass.ASPSM && m.type === AspsmType.ASPUP);
  peer.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP_ACK, {}));
  await peer.next((m) => m.cls === M3uaClass.ASPTM && m.type === AsptmType.ASPAC);
  peer.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 2, routingContexts: [rc] }));
  return {
    svc,
    peer,
    async close() {
      await svc.close();
      await srv.close();
    },
  };
}
