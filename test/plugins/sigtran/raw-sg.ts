// The tester service as an ASP behind a hand-written SG (raw-peer.ts): logic, sigtran and inap, one sigtran instance
// `SIG` (opc 1 → dpc 2, SSN 146, routing context `rc`) connected to the raw server, its ASPUP and ASPAC answered,
// so that a test scripts every M3UA (or, serviceBehindRawSuaSg, SUA) message the SG sends from then on.
import type { RunningService } from '../../../core/service.js';
import { decodeM3ua, encodeM3ua, type M3uaMessage } from '../../../plugins/sigtran/m3ua/codec.js';
import { decodeSua, encodeSua, type SuaMessage } from '../../../plugins/sigtran/sua/codec.js';
import { AspsmType, AsptmType, UaClass } from '../../../plugins/sigtran/ua/constants.js';
import { startTestService } from '../../helpers/service.js';
import { rawServer, type RawPeer } from './raw-peer.js';

export interface ServiceBehindRawSg<M extends { cls: number; type: number } = M3uaMessage> {
  svc: RunningService;
  peer: RawPeer<M>;
  close(): Promise<void>;
}

type Encode = (cls: number, type: number, p: { trafficMode?: number; routingContexts?: number[] }) => Uint8Array;

async function behindRawSg<M extends { cls: number; type: number }>(rc: number, decode: (raw: Uint8Array) => M, encode: Encode, adaptation: 'm3ua' | 'sua'): Promise<ServiceBehindRawSg<M>> {
  const srv = await rawServer(decode);
  const svc = await startTestService([
    { name: 'logic' },
    { name: 'sigtran', options: { instances: [{ name: 'SIG', adaptation, transport: 'tcp-client', host: '127.0.0.1', port: srv.port, role: 'asp', opc: 1, dpc: 2, ssn: 146, routingContext: rc, remote: { ri: 'ssn', pc: 2, ssn: 146 }, beatIntervalMs: 0, reconnectMinMs: 50 }] } },
    { name: 'inap' },
  ]);
  const peer = await srv.accepted;
  await peer.next((m) => m.cls === UaClass.ASPSM && m.type === AspsmType.ASPUP);
  peer.send(encode(UaClass.ASPSM, AspsmType.ASPUP_ACK, {}));
  await peer.next((m) => m.cls === UaClass.ASPTM && m.type === AsptmType.ASPAC);
  peer.send(encode(UaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 2, routingContexts: [rc] }));
  return {
    svc,
    peer,
    async close() {
      await svc.close();
      await srv.close();
    },
  };
}

export function serviceBehindRawSg(rc: number): Promise<ServiceBehindRawSg> {
  return behindRawSg(rc, decodeM3ua, encodeM3ua, 'm3ua');
}

export function serviceBehindRawSuaSg(rc: number): Promise<ServiceBehindRawSg<SuaMessage>> {
  return behindRawSg(rc, decodeSua, encodeSua, 'sua');
}

/** A run of `total` InitialDPs waiting for an answer the SG never sends: the TCAP timeout is long (60 s), so that
 *  only what the SG reports can end them within a test's deadline. */
export const waitingRun = (id: string, total = 1) => ({
  run_id: id,
  distribution: { type: 'load', total, backlog: total },
  scp: { tcap_timeout: 60 },
  operations: [
    { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 1, eventTypeBCSM: 2, calledPartyNumber_digits: '1234' } },
    { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
  ],
});
