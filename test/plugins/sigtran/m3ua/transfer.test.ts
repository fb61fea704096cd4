// M3UA's transfer service to SCCP (plugins/sigtran/m3ua/transfer.ts): the DATA header it writes, the link it sends
// on, and the point codes DUNA/DAVA make unreachable and reachable again.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { M3uaTransfer, type Links, type TransferRoute } from '../../../../plugins/sigtran/m3ua/transfer.js';
import { decodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import type { M3uaLink } from '../../../../plugins/sigtran/m3ua/link.js';
import { SigtranError } from '../../../../plugins/sigtran/errors.js';

class FakeLink {
  readonly sent: Array<[Uint8Array, number]> = [];
  constructor(readonly peer: string) {}
  send(pdu: Uint8Array, sls: number): boolean {
    this.sent.push([pdu, sls]);
    return true;
  }
}

class FakeLinks implements Links {
  active: FakeLink | undefined = new FakeLink('stp-a:2905');
  pickLink(preferred: TransferRoute['link']): M3uaLink {
    const link = (preferred as FakeLink | undefined) ?? this.active;
    if (!link) throw new SigtranError('down', 'not connected');
    return link as unknown as M3uaLink;
  }
  assertConnected(): void {
    if (!this.active) throw new SigtranError('down', 'not connected');
  }
}

const route = (): TransferRoute => ({ opc: 100, dpc: 200, sls: 9, link: undefined });

describe('M3UA transfer', () => {
  test('a DATA message with RC, NA, the label and SI SCCP, and room for the SCCP message at dataOffset', () => {
    const t = new M3uaTransfer({ routingContext: 7, networkAppearance: 3, ni: 2 }, new FakeLinks());
    const b = t.dataMessage(route(), 5);
    assert.equal(t.dataOffset, 8 + 8 + 8 + 16);
    b.set([1, 2, 3, 4, 5], t.dataOffset);
    const m = decodeM3ua(b);
    assert.deepEqual(m.routingContexts, [7]);
    assert.equal(m.networkAppearance, 3);
    const { data, ...labelFields } = m.protocolData!;
    assert.deepEqual(labelFields, { opc: 100, dpc: 200, si: 3, ni: 2, mp: 0, sls: 9 });
    assert.deepEqual([...data], [1, 2, 3, 4, 5]);
    assert.equal(b.length % 4, 0, 'padded');
    const bare = new M3uaTransfer({ ni: 0 }, new FakeLinks());
    assert.equal(bare.dataOffset, 8 + 16);
    assert.equal(decodeM3ua(bare.dataMessage({ ...route(), opc: 1, dpc: 2 }, 0)).protocolData!.ni, 0);
  });

  test('transfer sends on the route\'s link by SLS, binds the route to the link, and counts', () => {
    const links = new FakeLinks();
    const t = new M3uaTransfer({ ni: 2 }, links);
    const r = route();
    const pdus = [Buffer.alloc(4), Buffer.alloc(8)];
    t.transfer(r, pdus);
    assert.equal(r.link, links.active);
    assert.deepEqual(links.active!.sent.map(([p, sls]) => [p.length, sls]), [[4, 9], [8, 9]]);
    assert.equal(t.sent, 2);
    links.active = new FakeLink('stp-b:2905');
    t.transfer(r, [Buffer.alloc(4)]);
    assert.equal((r.link as FakeLink).peer, 'stp-a:2905', 'a bound route keeps its link');
  });

  test('DUNA makes a point code unreachable with a readable reason, DAVA reachable again; no link: down', () => {
    const links = new FakeLinks();
    const t = new M3uaTransfer({ ni: 2 }, links);
    t.checkReachable(route());
    t.availability([200, 300], false, 'stp-a:2905');
    assert.deepEqual(t.unavailablePointCodes, [200, 300]);
    assert.throws(() => t.checkReachable(route()), (e: unknown) => e instanceof SigtranError && e.kind === 'down' && e.message === 'destination point code 200 is unavailable (DUNA from stp-a:2905)');
    t.checkReachable({ ...route(), dpc: 201 });
    t.availability([200], true, 'stp-a:2905');
    t.checkReachable(route());
    assert.deepEqual(t.unavailablePointCodes, [300]);
    links.active = undefined;
    assert.throws(() => t.checkReachable(route()), (e: unknown) => e instanceof SigtranError && e.kind === 'down');
  });
});
