// core/engine/bag.ts: a run's in-flight members, added and removed in any order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bag } from '../../../core/engine/bag.js';

const member = (id: number) => ({ id, bagIndex: -1 });

test('members removed in any order leave exactly the others; a member added twice is there once', () => {
  const b = new Bag<ReturnType<typeof member>>();
  const all = Array.from({ length: 50 }, (_, i) => member(i));
  for (const m of all) b.add(m);
  b.add(all[3]!);
  assert.equal(b.size, 50);
  // remove the odd ones, last first, then the first, middle and last of what is left
  for (let i = 49; i >= 0; i--) if (i % 2) b.delete(all[i]!);
  b.delete(all[0]!);
  b.delete(all[24]!);
  b.delete(all[48]!);
  const left = b.takeAll().map((m) => m.id).sort((x, y) => x - y);
  assert.deepEqual(left, all.map((m) => m.id).filter((i) => i % 2 === 0 && ![0, 24, 48].includes(i)));
  assert.equal(b.size, 0);
});

test('delete of a member not in the bag, or in another bag, changes nothing', () => {
  const a = new Bag<ReturnType<typeof member>>();
  const b = new Bag<ReturnType<typeof member>>();
  const x = member(1);
  const y = member(2);
  a.add(x);
  b.add(y); // y.bagIndex 0, as x's
  a.delete(y);
  assert.equal(a.size, 1);
  a.delete(member(3));
  assert.equal(a.size, 1);
  assert.deepEqual(a.takeAll(), [x]);
  assert.equal(x.bagIndex, -1, 'takeAll leaves its members in no bag');
  a.delete(x); // after takeAll: nothing
  assert.equal(a.size, 0);
  assert.deepEqual(b.takeAll(), [y]);
});
