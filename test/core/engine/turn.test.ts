// core/engine/turn.ts: the slice a synchronous run of steps may hold the event loop for. The clock is read at every
// eighth ask only, so the test asks as two callers taking turns do (a scheduler and its instances): once one of
// them finds the slice over, every caller is told to yield until a new slice begins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextSlice, shouldYield } from '../../../core/engine/turn.js';

function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* hold the loop */
  }
}

test('a slice that ran past 10 ms is over for every later ask within it; a new slice starts fresh', async () => {
  // start in a fresh slice of our own
  await new Promise<void>((resolve) => nextSlice(resolve));
  assert.equal(shouldYield(), false, 'a fresh slice');
  busy(12);
  const answers: boolean[] = [];
  for (let i = 0; i < 16; i++) answers.push(shouldYield());
  const first = answers.indexOf(true);
  assert.ok(first >= 0 && first < 8, `told to yield within eight asks: ${answers.join(',')}`);
  assert.ok(answers.slice(first).every((a) => a), `and at every ask after that: ${answers.join(',')}`);
  await new Promise<void>((resolve) => nextSlice(resolve));
  assert.equal(shouldYield(), false, 'the next slice is fresh');
});
