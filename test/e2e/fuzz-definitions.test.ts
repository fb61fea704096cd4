// Seeded random mutations of a valid definition: every answer is "ok" or a catalogue error naming what is wrong,
// never an internal fault; accepted runs can be cancelled; the service stays up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import { prng as seededRng } from '../helpers/fuzz.js';

/** The suites' seeded PRNG (test/helpers/fuzz.ts) as a function returning [0, 1). */
const prng = (seed: number): (() => number) => seededRng(seed).next;

const base = () => ({
  vars: { msisdn: "{ '0211' + pad($n, 6) }", balance: 500 },
  locks: [{ key: "{ 'sub-' + $v.msisdn }" }],
  trace_level: 1,
  scp: { dssn: 146, dpc: 1234 },
  distribution: { type: 'load', total: 3, backlog: 2 },
  operations: [
    { type: 'set', arguments: { vars: { charged: '{ $v.balance - 120 }' } }, tests: [{ kpath: 'vars.charged', type: 'integer', value: 380 }] },
    { label: 'l1', type: 'assert', arguments: { expression: '$v.charged == 380', fail: 'x' } },
    { type: 'branch', arguments: { expression: 'false', on_true: 'l1' } },
    { type: 'wait', arguments: { seconds: 0.001 } },
    { type: 'comment', arguments: { text: 'done' } },
  ],
});

function randomValue(rnd: () => number, depth = 0): unknown {
  const pick = Math.floor(rnd() * 14);
  switch (pick) {
    case 0: return null;
    case 1: return Math.floor(rnd() * 1e6) - 5e5;
    case 2: return rnd() * 10;
    case 3: return '';
    case 4: return String(Math.floor(rnd() * 300));
    case 5: return '{ $v.balance + 1 }';
    case 6: return '{ (';
    case 7: return '{ nosuch(1) }';
    case 8: return '\\{ literal';
    case 9: return true;
    case 10: return depth < 3 ? [randomValue(rnd, depth + 1), randomValue(rnd, depth + 1)] : [];
    case 11: return depth < 3 ? { a: randomValue(rnd, depth + 1), '!b': randomValue(rnd, depth + 1) } : {};
    case 12: return 'x'.repeat(Math.floor(rnd() * 20));
    default: return '{ $n }';
  }
}

/** Replace one random node of the tree (or add a random key) with a random value. */
function mutate(root: any, rnd: () => number): void {
  let node = root;
  for (let depth = 0; depth < 6; depth++) {
    const keys = Array.isArray(node) ? node.map((_: unknown, i: number) => i) : Object.keys(node);
    if (keys.length === 0 || rnd() < 0.25) {
      if (Array.isArray(node)) node.push(randomValue(rnd));
      else node[['extra', 'type', 'label', 'arguments', 'tests', 'kpath', 'cps', 'total', 'key'][Math.floor(rnd() * 9)]!] = randomValue(rnd);
      return;
    }
    const k = keys[Math.floor(rnd() * keys.length)];
    const child = node[k];
    if (child && typeof child === 'object' && rnd() < 0.7) {
      node = child;
      continue;
    }
    node[k] = randomValue(rnd);
    return;
  }
}

let svc: RunningService;
before(async () => {
  svc = await startTestService([{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }], { maxRuns: 1000 });
});
after(async () => {
  await svc.close();
});

test('400 mutated definitions: ok or a catalogue error, never an internal fault', async () => {
  const rnd = prng(20261122);
  const allowed = new Set([2000, 2001, 2002, 2003]);
  const accepted: string[] = [];
  const byCode = new Map<string, number>();
  for (let i = 0; i < 400; i++) {
    const def: any = base();
    const mutations = 1 + Math.floor(rnd() * 3);
    for (let m = 0; m < mutations; m++) mutate(def, rnd);
    const runId = `fuzz-${i}`;
    const r = await call(svc.port, 'ExecuteTest', { ...def, run_id: runId });
    const key = r.error ? String(r.error.code) : 'ok';
    byCode.set(key, (byCode.get(key) ?? 0) + 1);
    if (r.error) {
      assert.ok(allowed.has(r.error.code), `case ${i}: code ${r.error.code} ${r.error.message}\n${JSON.stringify(def)}`);
      assert.doesNotMatch(r.error.message, /internal error/, `case ${i}: ${JSON.stringify(def)}`);
      assert.ok(r.error.message.length > 5);
    } else {
      assert.equal(r.result, 'ok');
      accepted.push(runId);
    }
  }
  // Both outcomes occur, so the mutations are neither all harmless nor all fatal.
  assert.ok((byCode.get('ok') ?? 0) > 10, JSON.stringify([...byCode]));
  assert.ok((byCode.get('2002') ?? 0) > 10, JSON.stringify([...byCode]));
  for (const id of accepted) {
    const c = await call(svc.port, 'CancelTest', { run_id: id });
    assert.equal(c.error, null, `${id}: ${JSON.stringify(c.error)}`);
    assert.equal(c.result.completed, 1, `${id} did not end after CancelTest: ${JSON.stringify(c.result.counts)}`);
  }
  const q = await call(svc.port, 'ListTests', {});
  assert.equal(q.error, null);
  assert.equal(q.result.locks_held, 0);
});
