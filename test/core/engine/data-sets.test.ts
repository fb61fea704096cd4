// core/engine/data-sets.ts, data-files.ts, random.ts and the wait distributions (plugins/logic/holding-time.ts)
// over the real service: $d rows per mode, files of the data directory, the seed's reproducibility, 2002s.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startTestService, call, runToCompletion } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

let svc: RunningService;
let dataDir: string;
let n = 0;
const run = (params: Record<string, unknown>) => runToCompletion(svc.port, { run_id: `data-${++n}`, ...params }, { timeoutMs: 20_000 });
const refused = async (params: Record<string, unknown>) => {
  const r = await call(svc.port, 'ExecuteTest', { run_id: `data-bad-${++n}`, operations: [{ type: 'comment', arguments: { text: 'x' } }], ...params });
  assert.equal(r.error?.code, 2002, JSON.stringify(r));
  return r.error!.message;
};

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tester-data-'));
  mkdirSync(join(dataDir, 'data', 'sub'), { recursive: true });
  writeFileSync(join(dataDir, 'data', 'subs.csv'), 'msisdn,imsi,credit,note\n0211000001,262010000000001,5,"a, quoted ""one"""\n0211000002,262010000000002,7,plain\n0211000003,262010000000003,9,\n');
  writeFileSync(join(dataDir, 'data', 'sub', 'cells.json'), JSON.stringify([{ cell: 'A', lac: 1 }, { cell: 'B', lac: 2 }]));
  writeFileSync(join(dataDir, 'data', 'bad.csv'), 'a,b\n1,2\n3\n');
  writeFileSync(join(dataDir, 'outside.csv'), 'a\n1\n');
  symlinkSync(join(dataDir, 'outside.csv'), join(dataDir, 'data', 'link.csv'));
  svc = await startTestService([{ name: 'logic' }], { dataDir });
});
after(async () => {
  await svc.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every instance fails once with `value` as its text: the record's failures[] give each instance's value by $n. */
async function valuesByInstance(params: Record<string, unknown>, value: string, total: number): Promise<Map<number, string>> {
  const rec = await run({
    distribution: { type: 'load', total, backlog: 4 },
    detail: { failures: total, trace_level: 0 },
    operations: [{ type: 'assert', arguments: { expression: 'false', fail: value } }],
    ...params,
  });
  assert.ok(rec.counts.started > 0);
  assert.equal(rec.counts.failed, rec.counts.started, JSON.stringify(rec.first_aborts));
  return new Map(rec.failures.map((f: any) => [f.instance, f.reason]));
}

describe('data sets: $d.<set> per mode', () => {
  test('a CSV file: header row, quoting, strings by default (leading zeros kept), typed columns; sequential wraps', async () => {
    const v = await valuesByInstance({ data: { subs: { file: 'subs.csv', types: { credit: 'integer' } } } }, "{$d.subs.msisdn + '|' + ($d.subs.credit + 1) + '|' + $d.subs.note}", 4);
    assert.equal(v.get(0), '0211000001|6|a, quoted "one"');
    assert.equal(v.get(1), '0211000002|8|plain');
    assert.equal(v.get(2), '0211000003|10|');
    assert.equal(v.get(3), '0211000001|6|a, quoted "one"', 'sequential starts again after the last row');
  });

  test('inline rows and a JSON file in a sub-folder; vars read $d', async () => {
    const v = await valuesByInstance(
      { data: { cells: { file: 'sub/cells.json' }, codes: { rows: [{ c: 'x' }, { c: 'y' }, { c: 'z' }] } }, vars: { code: '{$d.codes.c}' } },
      "{$d.cells.cell + $d.cells.lac + $v.code}",
      3,
    );
    assert.deepEqual([...v.entries()].sort(), [[0, 'A1x'], [1, 'B2y'], [2, 'A1z']]);
  });

  test('unique: each row once; past the last row the instance aborts naming the set (on_exhausted fail)', async () => {
    const rec = await run({ data: { subs: { file: 'subs.csv', mode: 'unique' } }, distribution: { type: 'load', total: 5, backlog: 1 }, operations: [{ type: 'comment', arguments: { text: '{$d.subs.msisdn}' } }] });
    assert.equal(rec.counts.passed, 3);
    assert.equal(rec.counts.aborted, 2);
    assert.match(rec.first_aborts[0].text, /^data\.subs: no row left for instance 3 \(unique, 3 rows/);
  });

  test('unique with on_exhausted end: the run has as many instances as rows', async () => {
    const rec = await run({ data: { subs: { file: 'subs.csv', mode: 'unique', on_exhausted: 'end' } }, distribution: { type: 'load', total: 50, backlog: 2 }, operations: [{ type: 'comment', arguments: { text: '{$d.subs.msisdn}' } }] });
    assert.deepEqual([rec.counts.started, rec.counts.passed, rec.counts.aborted], [3, 3, 0]);
  });

  test('slices take disjoint rows: slice k of N reads the rows of its own $n', async () => {
    const seen: string[] = [];
    for (const index of [0, 1]) {
      const v = await valuesByInstance({ data: { subs: { file: 'subs.csv', mode: 'unique', on_exhausted: 'end' } }, slice: { index, count: 2 } }, '{$d.subs.msisdn}', 6);
      seen.push(...v.values());
    }
    assert.deepEqual(seen.sort(), ['0211000001', '0211000002', '0211000003']);
  });
});

describe('data sets: misuse is 2002 naming the path', () => {
  test('an unknown set, in an argument, in vars and in assert expressions', async () => {
    assert.match(await refused({ data: { subs: { rows: [{ a: 1 }] } }, operations: [{ type: 'comment', arguments: { text: '{$d.sub.a}' } }] }), /operations\[0\]\.arguments\.text.*no data set 'sub' \(data sets: subs\)/);
    assert.match(await refused({ vars: { x: '{$d.none.a}' } }), /vars\.x.*no data set 'none' \(the run declares no data\)/);
    assert.match(await refused({ operations: [{ type: 'assert', arguments: { expression: '$d.x.y == 1' } }] }), /operations\[0\]\.arguments\.expression.*no data set 'x'/);
  });

  test('a missing file, a path out of the folder, a symlink out, a bad mode, a bad row, a bad type', async () => {
    assert.match(await refused({ data: { s: { file: 'none.csv' } } }), /data\.s\.file.*no file 'none\.csv' in the data directory/);
    assert.match(await refused({ data: { s: { file: '../outside.csv' } } }), /data\.s\.file/);
    assert.match(await refused({ data: { s: { file: '/etc/passwd' } } }), /data\.s\.file/);
    assert.match(await refused({ data: { s: { file: 'link.csv' } } }), /data\.s\.file.*leads out of the data directory/);
    assert.match(await refused({ data: { s: { rows: [{ a: 1 }], mode: 'shuffled' } } }), /data\.s\.mode/);
    assert.match(await refused({ data: { s: { rows: [{ a: 1 }], on_exhausted: 'end' } } }), /data\.s\.on_exhausted.*mode "unique" only/);
    assert.match(await refused({ data: { s: { file: 'bad.csv' } } }), /data\.s\.file.*bad\.csv/);
    assert.match(await refused({ data: { s: { file: 'subs.csv', types: { msisdn: 'boolean' } } } }), /data\.s\.file.*line 2, column 'msisdn'.*not a boolean/);
    assert.match(await refused({ data: { s: { file: 'subs.csv', types: { nope: 'number' } } } }), /data\.s\.file.*column 'nope'/);
  });
});

describe('seed: reproducible randomness', () => {
  const value = "{randomInt(0, 1000000000) + '|' + randomDigits(8) + '|' + uuid() + '|' + $d.r.k + '|' + $v.x}";
  const params = (seed?: number) => ({ ...(seed === undefined ? {} : { seed }), vars: { x: '{randomInt(0, 1000000)}' }, data: { r: { rows: Array.from({ length: 50 }, (_, k) => ({ k })), mode: 'random' } } });

  test('two runs with the same seed draw the same values per instance; another seed, or none, differs', async () => {
    const a = await valuesByInstance(params(42), value, 8);
    const b = await valuesByInstance(params(42), value, 8);
    const c = await valuesByInstance(params(43), value, 8);
    const none = await valuesByInstance(params(), value, 8);
    assert.deepEqual([...a.entries()].sort(), [...b.entries()].sort());
    assert.equal(new Set(a.values()).size, 8, 'instances draw different values');
    for (const [k, v] of a) {
      assert.notEqual(c.get(k), v);
      assert.notEqual(none.get(k), v);
    }
    assert.match(a.get(0)!, /^\d+\|\d{8}\|[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\|\d+\|\d+$/);
  });

  test('an instance draws the same whatever the split: slice 1 of 2 draws what the whole run draws for its $n', async () => {
    const whole = await valuesByInstance(params(7), value, 6);
    const slice = await valuesByInstance({ ...params(7), slice: { index: 1, count: 2 } }, value, 6);
    assert.deepEqual([...slice.keys()].sort(), [1, 3, 5]);
    for (const [k, v] of slice) assert.equal(v, whole.get(k), `$n ${k}`);
  });

  test('the seed is a whole number >= 0', async () => {
    assert.match(await refused({ seed: -1 }), /seed/);
    assert.match(await refused({ seed: 1.5 }), /seed/);
  });
});

describe('wait: a fixed time or a distribution', () => {
  const waitDraws = (seconds: unknown, seed: number, total = 6) =>
    valuesByInstance({ seed, operations: [{ type: 'wait', arguments: { seconds }, tests: [{ kpath: 'seconds', type: 'number', value: -1 }] }] }, '', total);

  test('each distribution draws within its bounds, and the same with the same seed', async () => {
    for (const seconds of [{ uniform: { min: 0.001, max: 0.003 } }, { normal: { mean: 0.002, sd: 0.01 }, min: 0.001, max: 0.004 }, { exponential: { mean: 0.002 }, max: 0.005 }, { lognormal: { median: 0.002, sigma: 0.5 }, min: 0.0005, max: 0.006 }]) {
      const rec = await run({ seed: 3, distribution: { type: 'load', total: 6, backlog: 6 }, detail: { failures: 6, trace_level: 0 }, operations: [{ type: 'wait', arguments: { seconds }, tests: [{ kpath: 'seconds', type: 'number', value: -1 }] }] });
      const drawn = rec.failures.map((f: any) => Number(/got (\S+)/.exec(f.reason)?.[1]));
      const lo = (seconds as any).min ?? (seconds as any).uniform?.min ?? 0;
      const hi = (seconds as any).max ?? (seconds as any).uniform?.max;
      for (const d of drawn) assert.ok(d >= lo && d <= hi, `${JSON.stringify(seconds)}: ${d}`);
      assert.ok(rec.latency.operations.wait.count === 6, 'the achieved waits are the wait operation\'s latency');
      void waitDraws;
    }
    const a = await waitDraws({ exponential: { mean: 0.002 } }, 9);
    const b = await waitDraws({ exponential: { mean: 0.002 } }, 9);
    assert.deepEqual([...a.entries()].sort(), [...b.entries()].sort());
  });

  test('a distribution that is not one is 2002 at its path', async () => {
    assert.match(await refused({ operations: [{ type: 'wait', arguments: { seconds: { uniform: { min: 1, max: 2 }, normal: { mean: 1, sd: 1 } } } }] }), /operations\[0\]\.arguments\.seconds.*exactly one of/);
    assert.match(await refused({ operations: [{ type: 'wait', arguments: { seconds: { uniform: { min: 3, max: 2 } } } }] }), /operations\[0\]\.arguments\.seconds\.uniform\.min/);
    assert.match(await refused({ operations: [{ type: 'wait', arguments: { seconds: { lognormal: { sigma: 1 } } } }] }), /seconds\.lognormal.*median, mu/);
    assert.match(await refused({ operations: [{ type: 'wait', arguments: { seconds: { exponential: { mean: 1 }, min: 5, max: 2 } } }] }), /seconds\.min/);
  });
});
