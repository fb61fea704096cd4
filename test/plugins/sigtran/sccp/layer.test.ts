// The SCCP layer (plugins/sigtran/sccp/layer.ts) between a fake M3UA below and a recording user above: what goes
// down for small and large user data, and what goes up for UDT, segmented XUDT, UDTS and bytes that do not decode.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ADDR_GT, ADDR_SSN } from '../vectors.js';
import { SccpLayer, type SccpOptions } from '../../../../plugins/sigtran/sccp/layer.js';
import { SccpType, decodeSccp, encodeSccp } from '../../../../plugins/sigtran/sccp/codec.js';
import type { InboundContext, SccpLower, SccpRoute, SccpUser } from '../../../../plugins/sigtran/sccp/service.js';
import type { ProtocolData } from '../../../../plugins/sigtran/m3ua/codec.js';

/** M3UA as SCCP sees it: DATA messages with a 3-octet stand-in header, kept instead of sent. */
class FakeM3ua implements SccpLower {
  readonly dataOffset = 3;
  readonly transfers: Buffer[][] = [];
  dataMessage(_route: SccpRoute, length: number): Buffer {
    return Buffer.alloc(this.dataOffset + length, 0xee);
  }
  transfer(route: SccpRoute, messages: readonly Buffer[]): void {
    route.link = { peer: 'stp:2905' };
    this.transfers.push([...messages]);
  }
  checkReachable(): void {}
}

class User implements SccpUser {
  readonly got: Array<{ ctx: InboundContext; data: Uint8Array }> = [];
  readonly notices: Array<{ ctx: InboundContext; returnCause: number; reason: string }> = [];
  unitdata(ctx: InboundContext, data: Uint8Array): void {
    this.got.push({ ctx, data: new Uint8Array(data) });
  }
  notice(ctx: InboundContext, _data: Uint8Array, returnCause: number, reason: string): void {
    this.notices.push({ ctx, returnCause, reason });
  }
}

const OPTIONS: SccpOptions = { xudt: false, protocolClass: 1, returnOnError: true, pointCodeBits: 14, reassemblyTimeoutMs: 1000 };

function layer(options: Partial<SccpOptions> = {}) {
  const m3ua = new FakeM3ua();
  const user = new User();
  const logs: string[] = [];
  const sccp = new SccpLayer({ ...OPTIONS, ...options }, m3ua, (level, text) => logs.push(`${level} ${text}`));
  sccp.bind(user);
  return { sccp, m3ua, user, logs };
}

const route = (): SccpRoute => ({ opc: 100, dpc: 200, sls: 5, remoteEnc: ADDR_GT, localEnc: ADDR_SSN, link: undefined });
const data = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 13) & 0xff);
const link = { peer: '10.0.0.1:2905' };
const label = (sccp: Uint8Array): ProtocolData => ({ opc: 200, dpc: 100, si: 3, ni: 2, mp: 0, sls: 7, data: sccp });

describe('SCCP layer', () => {
  test('small user data: one UDT with the route\'s addresses, class and return option, in one DATA message', () => {
    const { sccp, m3ua } = layer();
    const r = route();
    const sent = sccp.send(r, data(100));
    assert.equal(sent.length, 1);
    assert.deepEqual(m3ua.transfers, [sent]);
    assert.equal(r.link?.peer, 'stp:2905', 'the route is bound to the association it left on');
    assert.deepEqual([...sent[0]!.subarray(0, 3)], [0xee, 0xee, 0xee], 'the M3UA part is left to M3UA');
    const m = decodeSccp(sent[0]!.subarray(3));
    assert.equal(m.type, SccpType.UDT);
    assert.equal(m.protocolClass, 1);
    assert.equal(m.returnOnError, true);
    assert.deepEqual(new Uint8Array(m.calledRaw), ADDR_GT);
    assert.deepEqual(new Uint8Array(m.callingRaw), ADDR_SSN);
    assert.deepEqual(new Uint8Array(m.data), data(100));
  });

  test('xudt option: an XUDT with hop counter 15', () => {
    const { sccp } = layer({ xudt: true, protocolClass: 0, returnOnError: false });
    const m = decodeSccp(sccp.send(route(), data(20))[0]!.subarray(3));
    assert.equal(m.type, SccpType.XUDT);
    assert.equal(m.hopCounter, 15);
    assert.equal(m.protocolClass, 0);
    assert.equal(m.segmentation, undefined);
  });

  test('large user data: XUDT segments of class 1 with one reference, reassembled by the receiving layer', () => {
    const { sccp } = layer({ protocolClass: 0 });
    const big = data(700);
    const sent = sccp.send(route(), big);
    assert.equal(sent.length, 3);
    const segs = sent.map((b) => decodeSccp(b.subarray(3)));
    assert.deepEqual(segs.map((s) => [s.type, s.protocolClass, s.segmentation!.first, s.segmentation!.remaining, s.segmentation!.protocolClass]), [
      [SccpType.XUDT, 1, true, 2, 0],
      [SccpType.XUDT, 1, false, 1, 0],
      [SccpType.XUDT, 1, false, 0, 0],
    ]);
    assert.equal(new Set(segs.map((s) => s.segmentation!.reference)).size, 1);
    const other = sccp.send(route(), big).map((b) => decodeSccp(b.subarray(3)).segmentation!.reference);
    assert.notEqual(other[0], segs[0]!.segmentation!.reference, 'the next message has the next reference');

    const far = layer();
    const raws = sent.map((b) => b.subarray(3));
    raws.forEach((raw, i) => far.sccp.receive(label(raw), sent[i]!, link, 'GW 10.0.0.1:2905'));
    assert.equal(far.user.got.length, 1);
    assert.deepEqual(new Uint8Array(far.user.got[0]!.data), big);
  });

  test('a UDT goes up with its addresses, the MTP3 label, the bytes and the peer', () => {
    const { sccp, user } = layer();
    const udt = encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called: ADDR_SSN, calling: ADDR_GT }, data(30));
    const raw = new Uint8Array(8);
    sccp.receive(label(udt), raw, link, 'GW 10.0.0.1:2905');
    assert.equal(user.got.length, 1);
    const { ctx, data: got } = user.got[0]!;
    assert.deepEqual(got, data(30));
    assert.deepEqual([ctx.opc, ctx.dpc, ctx.sls, ctx.peer, ctx.link, ctx.raw], [200, 100, 7, 'GW 10.0.0.1:2905', link, raw]);
    assert.deepEqual(ctx.calledRaw, ADDR_SSN);
    assert.deepEqual(ctx.callingRaw, ADDR_GT);
    assert.equal(ctx.called.ssn, 146);
  });

  test('a UDTS or XUDTS is a notice with the return cause; bytes that do not decode are logged and dropped', () => {
    const { sccp, user, logs } = layer();
    for (const xudt of [false, true]) {
      const returned = encodeSccp({ xudt, protocolClass: 0, returnOnError: false, called: ADDR_SSN, calling: ADDR_GT, returnCause: 3 }, data(10));
      sccp.receive(label(returned), returned, link, 'GW x');
    }
    assert.deepEqual(
      user.notices.map((n) => [n.returnCause, n.reason]),
      [
        [3, 'SCCP UDTS: our message was returned, SCCP return cause 3: subsystem failure'],
        [3, 'SCCP XUDTS: our message was returned, SCCP return cause 3: subsystem failure'],
      ],
    );
    sccp.receive(label(Uint8Array.of(0x01, 0x02)), new Uint8Array(0), link, 'GW x');
    assert.equal(user.got.length, 0);
    assert.match(logs.join('\n'), /^warn bad SCCP message from 10\.0\.0\.1:2905: .*not supported/m);
  });
});
