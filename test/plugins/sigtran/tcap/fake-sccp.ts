// A TCAP layer over a fake SCCP (for the tests of plugins/sigtran/tcap): what the layer sends is kept decoded with
// its route; inbound messages are TCAP bytes handed to the layer as SCCP would, from a fixed peer.
import type { SigtranGateway } from '../../../../plugins/sigtran/api.js';
import { BerWriter } from '../../../../plugins/sigtran/ber/index.js';
import { SigtranError } from '../../../../plugins/sigtran/errors.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import type { InboundContext, SccpRoute } from '../../../../plugins/sigtran/sccp/service.js';
import { decodeTcap, encodeTcap, type DecodedTcap, type OutTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { TcapLayer, type TcapLower } from '../../../../plugins/sigtran/tcap/layer.js';

export const LINK = { peer: 'stp:2905' };

export interface Sent {
  route: SccpRoute;
  tcap: DecodedTcap;
}

export class FakeSccp implements TcapLower {
  readonly dissector = 'm3ua';
  readonly sent: Sent[] = [];
  /** When set, nothing can be sent: the 'down' reason. */
  down: string | undefined;
  /** DATA messages per TCAP message (more than one: as if segmented). */
  messages = 1;

  checkReachable(): void {
    if (this.down) throw new SigtranError('down', this.down);
  }

  send(route: SccpRoute, data: Uint8Array): Buffer[] {
    if (this.down) throw new SigtranError('down', this.down);
    route.link = LINK;
    const bytes = Buffer.from(data);
    // the route's fields as they are now (a dialogue's are accessors: a spread would not copy them)
    const { opc, dpc, sls, remoteEnc, localEnc, link } = route;
    this.sent.push({ route: { opc, dpc, sls, remoteEnc, localEnc, link }, tcap: decodeTcap(bytes) });
    return Array.from({ length: this.messages }, () => bytes);
  }

  /** The messages sent since the last call. */
  take(): Sent[] {
    return this.sent.splice(0);
  }
}

/** Our address (the called address of inbound messages) and the peer's. */
export const OURS = { ri: 'ssn' as const, pc: 100, ssn: 146 };
export const PEER = { ri: 'ssn' as const, pc: 200, ssn: 146 };

/** Where an inbound message comes from: the peer at PC 200 to us at PC 100. */
export function fromPeer(calling = PEER): InboundContext {
  return {
    called: OURS,
    calling,
    calledRaw: encodeAddress(OURS),
    callingRaw: encodeAddress(calling),
    opc: calling.pc,
    dpc: OURS.pc,
    sls: 3,
    raw: Uint8Array.of(1, 2, 3),
    peer: 'GW stp:2905',
    link: LINK,
  };
}

export function tcapBytes(m: OutTcap): Uint8Array {
  return encodeTcap(new BerWriter(), m).slice();
}

export function tcapLayer(opts: { maxDialogues?: number; timeoutMs?: number } = {}) {
  const sccp = new FakeSccp();
  const logs: string[] = [];
  const gateway = { name: 'GW' } as unknown as SigtranGateway;
  const layer = new TcapLayer(gateway, sccp, opts.timeoutMs ?? 1000, opts.maxDialogues ?? 100, (level, text) => logs.push(`${level} ${text}`));
  /** Hand the layer a TCAP message from the peer. */
  const receive = (m: OutTcap | Uint8Array, ctx = fromPeer()) => layer.unitdata(ctx, m instanceof Uint8Array ? m : tcapBytes(m));
  /** Open our dialogue to the peer. */
  const open = () =>
    layer.create({ state: 'idle', ac: null, ends: { local: OURS, remote: PEER, localEnc: encodeAddress(OURS), remoteEnc: encodeAddress(PEER), opc: OURS.pc!, dpc: PEER.pc! } });
  return { layer, sccp, logs, receive, open };
}
