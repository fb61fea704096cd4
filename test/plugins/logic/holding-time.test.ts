// plugins/logic/holding-time.ts: each distribution's draws have its shape (20,000 draws from a seeded generator,
// bounds on the sampling error far wider than its standard error), the bounds truncate, problems are named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawHoldingTime, holdingTimeProblem, type HoldingTime } from '../../../plugins/logic/holding-time.js';
import { Rng } from '../../../core/engine/random.js';

const N = 20_000;
function draws(h: HoldingTime, seed = 1): number[] {
  const rng = new Rng(seed, 0);
  return Array.from({ length: N }, () => drawHoldingTime(h, () => rng.next())).sort((a, b) => a - b);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const quantile = (xs: number[], q: number) => xs[Math.floor(q * (xs.length - 1))]!;
const near = (got: number, want: number, rel: number, what: string) => assert.ok(Math.abs(got - want) <= rel * want, `${what}: ${got}, expected ${want} ± ${rel * 100}%`);

test('uniform: mean and quartiles of [min, max]', () => {
  const xs = draws({ uniform: { min: 10, max: 30 } });
  near(mean(xs), 20, 0.02, 'mean');
  near(quantile(xs, 0.25), 15, 0.03, 'p25');
  assert.ok(xs[0]! >= 10 && xs[N - 1]! <= 30);
});

test('normal: mean and standard deviation', () => {
  const xs = draws({ normal: { mean: 60, sd: 10 } });
  near(mean(xs), 60, 0.01, 'mean');
  near(Math.sqrt(mean(xs.map((x) => (x - 60) ** 2))), 10, 0.03, 'sd');
});

test('exponential: mean and median (mean · ln 2)', () => {
  const xs = draws({ exponential: { mean: 90 } });
  near(mean(xs), 90, 0.03, 'mean');
  near(quantile(xs, 0.5), 90 * Math.LN2, 0.04, 'median');
  near(quantile(xs, 0.99), 90 * Math.log(100), 0.08, 'p99');
});

test('lognormal: median = e^mu, p99 = median · e^(2.326 sigma); median or mu', () => {
  const xs = draws({ lognormal: { median: 90, sigma: 0.6 } });
  near(quantile(xs, 0.5), 90, 0.03, 'median');
  near(quantile(xs, 0.99), 90 * Math.exp(2.3263 * 0.6), 0.08, 'p99');
  const ys = draws({ lognormal: { mu: Math.log(90), sigma: 0.6 } });
  assert.deepEqual(ys, xs, 'mu = ln(median) draws the same');
});

test('bounds truncate: every draw within them, the shape between kept (not piled on the bounds)', () => {
  const xs = draws({ exponential: { mean: 90 }, min: 30, max: 120 });
  assert.ok(xs[0]! >= 30 && xs[N - 1]! <= 120);
  const atBounds = xs.filter((x) => x === 30 || x === 120).length;
  assert.ok(atBounds < N / 1000, `${atBounds} draws on a bound`);
  // truncated exponential: P(x <= 60 | 30 <= x <= 120) = (e^-1/3 - e^-2/3) / (e^-1/3 - e^-4/3)
  const want = (Math.exp(-1 / 3) - Math.exp(-2 / 3)) / (Math.exp(-1 / 3) - Math.exp(-4 / 3));
  near(xs.filter((x) => x <= 60).length / N, want, 0.03, 'share below 60');
});

test('the same seed draws the same; another seed differs', () => {
  const h: HoldingTime = { normal: { mean: 5, sd: 1 } };
  assert.deepEqual(draws(h, 7).slice(0, 50), draws(h, 7).slice(0, 50));
  assert.notDeepEqual(draws(h, 7), draws(h, 8));
});

test('problems: none or two kinds, min > max, lognormal without exactly one of median and mu, max past a day', () => {
  assert.match(holdingTimeProblem({})![1], /exactly one of uniform, normal, exponential, lognormal/);
  assert.deepEqual(holdingTimeProblem({ uniform: { min: 1, max: 2 }, exponential: { mean: 1 } })?.[0], '');
  assert.deepEqual(holdingTimeProblem({ uniform: { min: 3, max: 2 } })?.[0], '.uniform.min');
  assert.deepEqual(holdingTimeProblem({ lognormal: { median: 1, mu: 0, sigma: 1 } })?.[0], '.lognormal');
  assert.deepEqual(holdingTimeProblem({ exponential: { mean: 1 }, max: 90000 })?.[0], '.max');
  assert.equal(holdingTimeProblem({ exponential: { mean: 1 }, min: 0, max: 10 }), undefined);
});
