import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DerivedMemos } from '../../../../plugins/sigtran/codec/derived-memo.js';
import type { NumberFormat } from '../../../../plugins/sigtran/codec/numbers.js';

/** A format that reads `digits`, and `noa` only when digits are given; counts its encodings. */
function counting(): NumberFormat & { calls: number } {
  const f = {
    calls: 0,
    suffixes: ['digits', 'noa'],
    encode(get: (s: string) => unknown) {
      f.calls++;
      const d = get('digits');
      if (d === 'bad') return 'digits: bad';
      if (d === undefined) return new Uint8Array([0]);
      return new Uint8Array([Number(get('noa') ?? 0), ...String(d).split('').map(Number)]);
    },
    decode: () => false,
  };
  return f;
}

const table = () => ({ digits: 'cgpn_digits', noa: 'cgpn_noa' });

test('the same values read give the octets made before, without encoding again', () => {
  const f = counting();
  const t = table();
  const memos = new DerivedMemos();
  const a = memos.encode(f, t, { cgpn_digits: '123', cgpn_noa: 4 }, 'cgpn');
  const b = memos.encode(f, t, { cgpn_digits: '123', cgpn_noa: 4, other: 1 }, 'cgpn');
  assert.deepEqual([...(a as Uint8Array)], [4, 1, 2, 3]);
  assert.equal(b, a);
  assert.equal(f.calls, 1);
});

test('a changed value read is encoded again; a value the format did not read does not matter', () => {
  const f = counting();
  const t = table();
  const memos = new DerivedMemos();
  memos.encode(f, t, { cgpn_digits: '123', cgpn_noa: 4 }, 'cgpn');
  assert.deepEqual([...(memos.encode(f, t, { cgpn_digits: '124', cgpn_noa: 4 }, 'cgpn') as Uint8Array)], [4, 1, 2, 4]);
  assert.deepEqual([...(memos.encode(f, t, { cgpn_digits: '124', cgpn_noa: 3 }, 'cgpn') as Uint8Array)], [3, 1, 2, 4]);
  assert.equal(f.calls, 3);
  // no digits: noa is not read, so a change of noa alone takes the octets again
  memos.encode(f, t, { cgpn_noa: 1 }, 'cgpn');
  memos.encode(f, t, { cgpn_noa: 2 }, 'cgpn');
  assert.equal(f.calls, 4);
  // the digits now given again: encoded (the read key's value changed from undefined)
  assert.deepEqual([...(memos.encode(f, t, { cgpn_digits: '9', cgpn_noa: 2 }, 'cgpn') as Uint8Array)], [2, 9]);
  assert.equal(f.calls, 5);
});

test('faults and object values are never taken again; two fields keep two memos', () => {
  const f = counting();
  const t = table();
  const memos = new DerivedMemos();
  assert.equal(memos.encode(f, t, { cgpn_digits: 'bad' }, 'cgpn'), 'digits: bad');
  assert.equal(memos.encode(f, t, { cgpn_digits: 'bad' }, 'cgpn'), 'digits: bad');
  assert.equal(f.calls, 2);
  const obj = { toString: () => '5' };
  memos.encode(f, t, { cgpn_digits: obj }, 'cgpn');
  memos.encode(f, t, { cgpn_digits: obj }, 'cgpn');
  assert.equal(f.calls, 4);
  const t2 = { digits: 'cdpn_digits', noa: 'cdpn_noa' };
  const x = memos.encode(f, t, { cgpn_digits: '1' }, 'cgpn');
  const y = memos.encode(f, t2, { cdpn_digits: '2' }, 'cdpn');
  assert.notEqual(x, y);
  assert.equal(memos.encode(f, t, { cgpn_digits: '1' }, 'cgpn'), x);
  assert.equal(memos.encode(f, t2, { cdpn_digits: '2' }, 'cdpn'), y);
  assert.equal(f.calls, 6);
});

test('a field that changes every time is encoded right through its bypass, and taken again once it stays the same', () => {
  const f = counting();
  const t = table();
  const memos = new DerivedMemos();
  // 300 different numbers: each encoding is its own (the memo stops comparing after a few misses, for a while)
  for (let i = 0; i < 300; i++) {
    const digits = String(1000 + i);
    assert.deepEqual([...(memos.encode(f, t, { cgpn_digits: digits, cgpn_noa: i % 5 }, 'cgpn') as Uint8Array)], [i % 5, ...digits.split('').map(Number)]);
  }
  assert.equal(f.calls, 300);
  // then the same number: within a bypass window (at most 64 calls) and the one recording after it, it is taken again
  for (let i = 0; i < 200; i++) assert.deepEqual([...(memos.encode(f, t, { cgpn_digits: '77', cgpn_noa: 1 }, 'cgpn') as Uint8Array)], [1, 7, 7]);
  assert.ok(f.calls <= 300 + 66, `encoded ${f.calls - 300} times of 200`);
  const before = f.calls;
  memos.encode(f, t, { cgpn_digits: '77', cgpn_noa: 1 }, 'cgpn');
  assert.equal(f.calls, before);
  // a fault within a bypass is still the fault
  for (let i = 0; i < 10; i++) memos.encode(f, t, { cgpn_digits: String(i), cgpn_noa: 1 }, 'cgpn');
  assert.equal(memos.encode(f, t, { cgpn_digits: 'bad' }, 'cgpn'), 'digits: bad');
});
