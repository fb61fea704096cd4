// The split of a run into slices: shares of total/backlog, $n unique across slices, linear schedules preserved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shareOf, instanceNumber, checkSlice, MAX_SLICES } from '../../../core/engine/slice.js';
import { linearSchedule, makeSchedule } from '../../../core/engine/rates.js';
import type { Distribution } from '../../../core/engine/definition.js';
import { TesterError } from '../../../core/errors.js';
import { prng } from '../../helpers/fuzz.js';

test('total is split as evenly as possible, the remainder to the first slices; the shares sum to the whole', () => {
  assert.deepEqual([0, 1, 2, 3].map((index) => shareOf(10, { index, count: 4 })), [3, 3, 2, 2]);
  assert.deepEqual([0, 1, 2].map((index) => shareOf(3, { index, count: 3 })), [1, 1, 1]);
  assert.equal(shareOf(7, { index: 0, count: 1 }), 7);
  const rng = prng(14);
  for (let i = 0; i < 500; i++) {
    const count = 1 + rng.int(50);
    const total = count + rng.int(100_000);
    const shares = [...Array(count).keys()].map((index) => shareOf(total, { index, count }));
    assert.equal(shares.reduce((a, b) => a + b, 0), total, `total ${total} / ${count}`);
    assert.ok(Math.max(...shares) - Math.min(...shares) <= 1, `even: ${shares}`);
    for (let k = 1; k < count; k++) assert.ok(shares[k - 1]! >= shares[k]!, 'the remainder goes to the first slices');
  }
});

test('$n: slice k numbers its instances k, k+N, k+2N, ...: the slices together use exactly 0 … total-1, once each', () => {
  assert.deepEqual([0, 1, 2].map((j) => instanceNumber({ index: 1, count: 4 }, j)), [1, 5, 9]);
  assert.equal(instanceNumber(undefined, 7), 7, 'a run that is not sliced: $n is the instance index');
  const rng = prng(1414);
  for (let i = 0; i < 200; i++) {
    const count = 1 + rng.int(20);
    const total = count + rng.int(2000);
    const seen = new Set<number>();
    for (let index = 0; index < count; index++) {
      const s = { index, count };
      for (let j = 0; j < shareOf(total, s); j++) {
        const n = instanceNumber(s, j);
        assert.ok(!seen.has(n), `$n ${n} used twice (total ${total}, ${count} slices)`);
        seen.add(n);
      }
    }
    assert.equal(seen.size, total);
    assert.ok([...seen].every((n) => n >= 0 && n < total), 'the numbers are those of the whole run');
  }
});

const linear = (over: Partial<Distribution>): Distribution => ({ type: 'linear', total: 0, backlog: 10, rate: 0, start: 0, rampSecs: 0, arrival: 'uniform', ...over });
/** The distribution as the compiler makes it for slice `index` of `count` (core/engine/definition.ts). */
const sliced = (whole: Distribution, index: number, count: number): Distribution => {
  const s = { index, count };
  return { ...whole, total: shareOf(whole.total, s), rate: whole.rate / count, start: whole.start / count, slice: { ...s, total: whole.total, backlog: whole.backlog, rate: whole.rate, start: whole.start } };
};

test('linear uniform: the slices due times together are the whole run schedule, ramp included', () => {
  for (const whole of [linear({ total: 1000, rate: 200, start: 200 }), linear({ total: 997, rate: 300, start: 10, rampSecs: 2 }), linear({ total: 50, rate: 5, start: 0, rampSecs: 10 })]) {
    for (const count of [1, 2, 3, 7]) {
      const full = makeSchedule(whole.start, whole.rate, whole.rampSecs, 'uniform');
      const union: Array<[number, number]> = [];
      for (let index = 0; index < count; index++) {
        const d = sliced(whole, index, count);
        const due = linearSchedule(d);
        for (let j = 0; j < d.total; j++) union.push([instanceNumber(d.slice, j), due(j)]);
      }
      union.sort((a, b) => a[0] - b[0]);
      assert.equal(union.length, whole.total);
      union.forEach(([n, t]) => assert.equal(t, full(n), `instance $n ${n} of ${count} slices is due when the whole run would start it`));
    }
  }
});

test('linear poisson: each slice is a Poisson process at its share of the rate (mean gap N/rate)', () => {
  const d = sliced(linear({ total: 40_000, rate: 1000, start: 1000, arrival: 'poisson' }), 1, 4);
  assert.equal(d.rate, 250);
  const due = linearSchedule(d);
  const n = 10_000;
  const mean = due(n - 1) / n;
  assert.ok(Math.abs(mean - 1 / 250) < 0.1 / 250, `mean gap ${mean} s, expected ${1 / 250}`);
});

test('checkSlice: index below count, a load or linear run, no more slices than instances; errors name the field', () => {
  assert.deepEqual(checkSlice({ index: 1, count: 2 }, 'load', 10), { index: 1, count: 2 });
  assert.equal(checkSlice(undefined, 'single', 1), undefined);
  const path = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof TesterError);
      return e.message.split(':')[0];
    }
    assert.fail('no error');
  };
  assert.equal(path(() => checkSlice({ index: 2, count: 2 }, 'load', 10)), 'slice.index');
  assert.equal(path(() => checkSlice({ index: 0, count: 2 }, 'single', 1)), 'slice');
  assert.equal(path(() => checkSlice({ index: 0, count: 11 }, 'linear', 10)), 'slice.count');
  assert.ok(MAX_SLICES >= 1000);
});
