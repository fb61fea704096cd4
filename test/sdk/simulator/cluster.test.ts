// The sum of the statistics of `--workers N` processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sumStats } from '../../../sdk/simulator/cluster.js';

test('numbers add up, objects key by key, a text is the last one', () => {
  const a = { begins: 2, completed: 1, byRule: { release: 2 }, lastError: 'first' };
  const b = { begins: 3, completed: 3, byRule: { release: 1, connect: 2 } };
  const c = { begins: 0, completed: 0, byRule: {}, lastError: 'last' };
  assert.deepEqual(sumStats([a, b, c]), { begins: 5, completed: 4, byRule: { release: 3, connect: 2 }, lastError: 'last' });
  assert.deepEqual(a, { begins: 2, completed: 1, byRule: { release: 2 }, lastError: 'first' }, 'the inputs are left as they were');
  assert.deepEqual(sumStats([]), {});
});
