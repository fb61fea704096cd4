import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvokeIds } from '../../../../plugins/sigtran/user/invoke-ids.js';

test('InvokeIds behaves as a Map of operation name to invoke id (seeded random sets, gets and deletes)', () => {
  let x = 7;
  const rnd = (n: number) => (x = (x * 1103515245 + 12345) % 2147483648) % n;
  const ops = ['InitialDP', 'ReleaseCall', 'Connect', 'ApplyCharging'];
  for (let round = 0; round < 200; round++) {
    const ids = new InvokeIds();
    const model = new Map<string, number>();
    for (let step = 0; step < 40; step++) {
      const op = ops[rnd(ops.length)]!;
      const what = rnd(3);
      if (what === 0) {
        const id = rnd(256);
        ids.set(op, id);
        model.set(op, id);
      } else if (what === 1) {
        ids.delete(op);
        model.delete(op);
      }
      for (const o of ops) assert.equal(ids.get(o), model.get(o), `round ${round} step ${step}: ${o}`);
    }
  }
});
