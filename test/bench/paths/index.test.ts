// bench/paths/index.ts: the paths registry and --paths selection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PATHS, selectPaths } from '../../../bench/paths/index.js';
import type { BenchPath } from '../../../bench/paths/path.js';

const path = (id: string): BenchPath => ({ id, title: id, messagesPerInstance: 2, setup: () => Promise.reject(new Error('not run')) });
const all = [path('a'), path('b'), path('c')];

test('without --paths every path, in the registry order', () => {
  assert.deepEqual(selectPaths(all, undefined).map((p) => p.id), ['a', 'b', 'c']);
});

test('--paths picks by id, in the order given, each once; spaces around ids are ignored', () => {
  assert.deepEqual(selectPaths(all, 'c, a').map((p) => p.id), ['c', 'a']);
  assert.deepEqual(selectPaths(all, 'b,b').map((p) => p.id), ['b']);
});

test('an unknown or empty --paths throws, naming the known ids', () => {
  assert.throws(() => selectPaths(all, 'a,x,y'), /--paths: no path x, y; the paths are a, b, c/);
  assert.throws(() => selectPaths(all, ' , '), /--paths: no path named; the paths are a, b, c/);
});

test('the registry: unique ids, each path with a title and messages per instance', () => {
  const ids = PATHS.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.deepEqual(ids, ['inap-sctp', 'map-ati', 'map-mo-fsm', 'diameter-ocs', 'diameter-freediameter', 'mixed']);
  for (const p of PATHS) {
    assert.ok(p.title.length > 10, p.id);
    assert.ok(Number.isInteger(p.messagesPerInstance) && p.messagesPerInstance >= 2, p.id);
  }
  // the userland SCTP path runs in a network namespace and is compared with INAP over M3UA/TCP
  assert.deepEqual(PATHS.filter((p) => p.netns || p.ofInapTcp).map((p) => p.id), ['inap-sctp']);
});
