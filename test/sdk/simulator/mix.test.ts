// Responder mixes: weights parsed with their mistakes named, picks that follow the weights, delays from a
// distribution, and a seed that makes both repeat. Pure computation: the 10,000-draw checks take milliseconds.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { delayMs, parseDelay, parseMix, pickIndex, simulatorRandom, type Mix } from '../../../sdk/simulator/mix.js';

const asIs = (o: Record<string, unknown>) => o;
const byKind = (o: Record<string, unknown>, i: number) => String(o.kind ?? `o${i}`);
const mixOf = (raw: unknown): Mix<Record<string, unknown>> => parseMix(raw, 'rules[0].mix', asIs, byKind);

/** The share (in points) of each outcome over n picks from `random`. */
function shares(mix: Mix<unknown>, random: () => number, n: number): number[] {
  const counts = new Array<number>(mix.outcomes.length).fill(0);
  for (let i = 0; i < n; i++) counts[pickIndex(mix, random())]!++;
  return counts.map((c) => (100 * c) / n);
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!;

describe('responder mix', () => {
  test('weights, names and the mistakes named by path', () => {
    const m = mixOf([{ weight: 93, kind: 'answer' }, { weight: 5, kind: 'absentSubscriber' }, { weight: 2, name: 'barred', kind: 'callBarred' }]);
    assert.deepEqual(m.names, ['answer', 'absentSubscriber', 'barred']);
    assert.deepEqual([...m.cumulative], [93, 98, 100]);
    assert.deepEqual(m.outcomes[2], { kind: 'callBarred' }, 'weight and name are not the outcome\'s fields');
    assert.throws(() => mixOf([]), /rules\[0\]\.mix: expected a non-empty array/);
    assert.throws(() => mixOf({ weight: 1 }), /rules\[0\]\.mix: expected a non-empty array/);
    assert.throws(() => mixOf([{ weight: 1 }, { weight: 0 }]), /rules\[0\]\.mix\[1\]\.weight: a positive number, got 0/);
    assert.throws(() => mixOf([{ weight: '5' }]), /rules\[0\]\.mix\[0\]\.weight: a positive number, got "5"/);
    assert.throws(() => mixOf([7]), /rules\[0\]\.mix\[0\]: expected an object with weight/);
    assert.throws(() => mixOf([{ weight: 1, kind: 'a' }, { weight: 1, kind: 'a' }]), /two outcomes share a name \(a, a\)/);
  });

  test('the pick follows the cumulative weights at their edges', () => {
    const m = mixOf([{ weight: 1 }, { weight: 2 }, { weight: 1 }]);
    assert.equal(pickIndex(m, 0), 0);
    assert.equal(pickIndex(m, 0.2499), 0);
    assert.equal(pickIndex(m, 0.25), 1);
    assert.equal(pickIndex(m, 0.7499), 1);
    assert.equal(pickIndex(m, 0.75), 2);
    assert.equal(pickIndex(m, 0.99999), 2);
  });

  test('over 10,000 picks each share is within 1.5 points of its weight, and a seed repeats them', () => {
    const weights = [80, 12, 5, 2, 1];
    const m = mixOf(weights.map((weight) => ({ weight })));
    // binomial standard error at n = 10,000 is at most 0.5 points: 1.5 points is three of them
    for (const seed of [1, 2, 3]) {
      const got = shares(m, simulatorRandom(seed), 10_000);
      got.forEach((s, i) => assert.ok(Math.abs(s - weights[i]!) <= 1.5, `seed ${seed}: outcome ${i} took ${s}% for weight ${weights[i]}`));
    }
    assert.deepEqual(shares(m, simulatorRandom(42), 1000), shares(m, simulatorRandom(42), 1000));
    assert.notDeepEqual(shares(m, simulatorRandom(42), 1000), shares(m, simulatorRandom(43), 1000));
  });

  test('delays: fixed or drawn, median and p99 within 10% of the distribution\'s', () => {
    assert.equal(parseDelay(undefined, 'delay_ms'), undefined);
    assert.equal(delayMs(parseDelay(25, 'delay_ms')!, Math.random), 25);
    const d = parseDelay({ lognormal: { median: 40, sigma: 0.5 } }, 'delay_ms')!;
    const random = simulatorRandom(7);
    const xs = Array.from({ length: 10_000 }, () => delayMs(d, random));
    // lognormal: median e^mu = 40, p99 = 40 * e^(0.5 * 2.3263) = 128.0; sampling error at n = 10,000 is ~1% (median), ~4% (p99)
    assert.ok(Math.abs(quantile(xs, 0.5) / 40 - 1) < 0.1, `median ${quantile(xs, 0.5)}`);
    assert.ok(Math.abs(quantile(xs, 0.99) / (40 * Math.exp(0.5 * 2.3263)) - 1) < 0.1, `p99 ${quantile(xs, 0.99)}`);
    const bounded = parseDelay({ exponential: { mean: 100 }, min: 10, max: 50 }, 'delay_ms')!;
    for (let i = 0; i < 1000; i++) {
      const x = delayMs(bounded, random);
      assert.ok(x >= 10 && x <= 50, `${x} outside the bounds`);
    }
  });

  test('delay mistakes are named by path', () => {
    assert.throws(() => parseDelay(-1, 'rules[1].delay_ms'), /rules\[1\]\.delay_ms: a number of ms from 0 to 600000, got -1/);
    assert.throws(() => parseDelay({ gamma: { k: 1 } }, 'rules[1].delay_ms'), /rules\[1\]\.delay_ms/);
    assert.throws(() => parseDelay({ uniform: { min: 5, max: 1 } }, 'd'), /d\.uniform\.min: is more than max \(1\)/);
    assert.throws(() => parseDelay({ normal: { mean: 5, sd: 1 }, exponential: { mean: 3 } }, 'd'), /d: needs exactly one of uniform, normal, exponential, lognormal \(got normal, exponential\)/);
    assert.throws(() => parseDelay({ exponential: { mean: 5 }, max: 700_000 }, 'd'), /d\.max: is more than 600000/);
  });
});
