// sdk/id-table.ts: values by 32-bit id (TCAP transaction ids, Diameter hop-by-hop ids), checked against a Map as the model.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdTable } from '../../sdk/index.js';

/** A seeded sequence (the same every run). */
function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

for (const floor of [undefined, 256]) test(`random sets, gets and deletes agree with a Map, through growth and shrinking (${floor ?? 'default'} slots at least)`, () => {
  const r = rng(7);
  const t = new IdTable<string>(floor);
  const m = new Map<number, string>();
  // keys from a small range collide in the table; consecutive ones (as allocated) and ones near 2^32 too
  const key = () => { const c = r(); return c < 0.4 ? Math.floor(r() * 300) : c < 0.8 ? 0xfffffff0 + Math.floor(r() * 15) : (Math.floor(r() * 2 ** 32) >>> 0) || 1; };
  for (let step = 0; step < 50_000; step++) {
    const k = key();
    const op = r();
    if (op < 0.5) {
      t.set(k, `v${step}`);
      m.set(k, `v${step}`);
    } else if (op < 0.85) {
      assert.equal(t.delete(k), m.delete(k), `delete ${k} at step ${step}`);
    } else {
      assert.equal(t.get(k), m.get(k), `get ${k} at step ${step}`);
      assert.equal(t.has(k), m.has(k));
    }
    assert.equal(t.size, m.size);
  }
  for (const [k, v] of m) assert.equal(t.get(k), v, `key ${k} after the run`);
  assert.deepEqual(t.values().sort(), [...m.values()].sort());
  // emptied and filled again (below and above the floor): still the model's
  for (const k of m.keys()) assert.ok(t.delete(k));
  for (let i = 1; i <= 1000; i++) t.set(i * 7919, `w${i}`);
  for (let i = 1; i <= 1000; i += 2) t.delete(i * 7919);
  for (let i = 1; i <= 1000; i++) assert.equal(t.get(i * 7919), i % 2 ? undefined : `w${i}`);
  assert.equal(t.size, 500);
});

test('a burst of 100,000 consecutive ids, then all deleted: every one found while open, none after', () => {
  const t = new IdTable<number>();
  const base = 0xfffe0000; // wraps past 2^32 - 1 as the allocator's counter does (0 skipped)
  const ids: number[] = [];
  for (let i = 0; ids.length < 100_000; i++) {
    const id = (base + i) >>> 0;
    if (id !== 0) ids.push(id);
  }
  ids.forEach((id, i) => t.set(id, i));
  assert.equal(t.size, 100_000);
  ids.forEach((id, i) => assert.equal(t.get(id), i));
  for (const id of ids) assert.ok(t.delete(id));
  assert.equal(t.size, 0);
  assert.equal(t.get(ids[0]!), undefined);
  assert.deepEqual(t.values(), []);
});

test('id 0 is stored beside the table; negative numbers read as their 32-bit unsigned id; clear empties it', () => {
  const t = new IdTable<string>();
  assert.equal(t.get(0), undefined);
  assert.equal(t.has(0), false);
  assert.equal(t.delete(0), false);
  t.set(0, 'zero');
  t.set(0xffffffff, 'max');
  t.set(0, 'zero again');
  assert.equal(t.size, 2);
  assert.equal(t.get(0), 'zero again');
  assert.equal(t.get(-1), 'max');
  assert.equal(t.has(0xffffffff), true);
  assert.deepEqual(t.values().sort(), ['max', 'zero again']);
  for (let i = 1; i <= 200; i++) t.set(i, `v${i}`); // grows: id 0 kept
  assert.equal(t.size, 202);
  assert.equal(t.get(0), 'zero again');
  assert.equal(t.delete(0), true);
  assert.equal(t.size, 201);
  t.clear();
  assert.equal(t.size, 0);
  assert.equal(t.get(5), undefined);
  assert.deepEqual(t.values(), []);
});
