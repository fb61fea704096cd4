// The history's filter (web/src/history/filter.ts): by state, by a range of local start days, by text of the run
// id; newest first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterRuns, NO_FILTER } from '../../web/src/history/filter.js';

const counts = { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 };
const at = (y: number, m: number, d: number, h = 12): [number, number] => [Math.floor(new Date(y, m - 1, d, h).getTime() / 1000), 0];
const run = (run_id: string, state: 'completed' | 'cancelled' | 'running', time_start: [number, number]) => ({ run_id, state, completed: state === 'running' ? (0 as const) : (1 as const), counts, in_progress: 0, time_start, rate: 1 });
const runs = [run('load-a', 'completed', at(2026, 3, 1)), run('smoke-1', 'cancelled', at(2026, 3, 2)), run('LOAD-b', 'running', at(2026, 3, 3, 0)), run('load-c', 'completed', at(2026, 3, 3, 23))];
const ids = (f: Partial<typeof NO_FILTER>) => filterRuns(runs, { ...NO_FILTER, ...f }).map((r) => r.run_id);

test('no filter: every run, newest first', () => {
  assert.deepEqual(ids({}), ['load-c', 'LOAD-b', 'smoke-1', 'load-a']);
});

test('by state, by text (case-insensitive, trimmed), both at once', () => {
  assert.deepEqual(ids({ state: 'completed' }), ['load-c', 'load-a']);
  assert.deepEqual(ids({ text: ' load ' }), ['load-c', 'LOAD-b', 'load-a']);
  assert.deepEqual(ids({ text: 'load', state: 'running' }), ['LOAD-b']);
  assert.deepEqual(ids({ text: 'nothing' }), []);
});

test('by start day: from and to include their whole local day', () => {
  assert.deepEqual(ids({ from: '2026-03-03' }), ['load-c', 'LOAD-b']);
  assert.deepEqual(ids({ to: '2026-03-02' }), ['smoke-1', 'load-a']);
  assert.deepEqual(ids({ from: '2026-03-02', to: '2026-03-02' }), ['smoke-1']);
  assert.deepEqual(ids({ from: 'not a day' }), ids({}), 'a malformed day filters nothing');
});
