// Transaction-id allocation and the open dialogues (plugins/sigtran/tcap/transaction-ids.ts).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { TransactionIds } from '../../../../plugins/sigtran/tcap/transaction-ids.js';
import { SigtranError } from '../../../../plugins/sigtran/errors.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';

const dialogue = (localTid: number) => ({ localTid });

describe('TCAP transaction ids', () => {
  test('ids count on from the start, wrap past 0xffffffff and never give 0', () => {
    const ids = new TransactionIds<{ localTid: number }>(10, 0xfffffffe);
    assert.deepEqual([ids.allocate(), ids.allocate(), ids.allocate()], [0xffffffff, 1, 2]);
  });

  test('an id in use is skipped; a released one is no longer open', () => {
    const ids = new TransactionIds<{ localTid: number }>(10, 0);
    const one = dialogue(1);
    ids.add(one);
    ids.add(dialogue(2));
    assert.equal(ids.allocate(), 3, 'ids 1 and 2 are open');
    ids.release(one);
    assert.equal(ids.size, 1);
    assert.equal(ids.find(Uint8Array.of(1)), undefined);
    const wrapped = new TransactionIds<{ localTid: number }>(10, 0xffffffff);
    wrapped.add(dialogue(1));
    assert.equal(wrapped.allocate(), 2, 'past 0 and the open id 1');
  });

  test('no more than max open: the next allocation is a state error naming the limit', () => {
    const ids = new TransactionIds<{ localTid: number }>(2, 0);
    ids.add(dialogue(ids.allocate()));
    ids.add(dialogue(ids.allocate()));
    assert.throws(() => ids.allocate(), (e: unknown) => e instanceof SigtranError && e.kind === 'state' && /too many open TCAP dialogues \(2; maxDialogues 2\)/.test(e.message));
  });

  test('a run of 1000 ids in use after the last one: no free id', () => {
    const ids = new TransactionIds<{ localTid: number }>(5000, 0);
    for (let t = 1; t <= 1000; t++) ids.add(dialogue(t));
    assert.throws(() => ids.allocate(), (e: unknown) => e instanceof SigtranError && e.kind === 'state' && /no free TCAP transaction id/.test(e.message));
  });

  test('find takes the id as received, 1 to 4 octets', () => {
    const ids = new TransactionIds<{ localTid: number }>(10);
    const a = dialogue(0x0a0b0c0d);
    const b = dialogue(0x42);
    ids.add(a);
    ids.add(b);
    assert.equal(ids.find(fromHex('0a0b0c0d')), a);
    assert.equal(ids.find(fromHex('42')), b);
    assert.equal(ids.find(fromHex('00000042')), b);
    assert.equal(ids.find(fromHex('0a0b0c0e')), undefined);
    assert.deepEqual(ids.values().sort((x, y) => x.localTid - y.localTid), [b, a]);
  });
});
