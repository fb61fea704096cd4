// core/engine/rates.ts: the one ramp formula: when each instance of a linear run is due (makeSchedule) and the
// target rate at a moment (targetRateAt), which the reports and the metrics show.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { linearCps, makeSchedule, targetRateAt } from '../../../core/engine/rates.js';
import { Rng } from '../../../core/engine/random.js';

describe('makeSchedule', () => {
  test('uniform steady rate: the k-th instance is due at k / rate', () => {
    const due = makeSchedule(100, 100, 0, 'uniform');
    for (const k of [0, 1, 10, 99, 1000]) assert.ok(Math.abs(due(k) - k / 100) < 1e-9, `due(${k}) = ${due(k)}`);
  });

  test('uniform ramp: starts at 0, reaches the ramp end after (start+rate)/2*ramp instances, then steps 1/rate', () => {
    const due = makeSchedule(50, 150, 2, 'uniform');
    const rampCount = ((50 + 150) / 2) * 2; // 200
    assert.equal(due(0), 0);
    assert.ok(Math.abs(due(rampCount) - 2) < 1e-9, `due(${rampCount}) = ${due(rampCount)}`);
    assert.ok(Math.abs(due(rampCount + 150) - 3) < 1e-9);
    let prev = -1;
    let prevGap = Infinity;
    for (let k = 0; k <= rampCount; k++) {
      const t = due(k);
      assert.ok(t > prev, 'strictly increasing');
      if (k > 1) assert.ok(t - prev <= prevGap + 1e-9, 'gaps shrink while the rate ramps up');
      if (k > 0) prevGap = t - prev;
      prev = t;
    }
    // The first gap is about 1/start, the last about 1/rate.
    assert.ok(Math.abs(due(1) - due(0) - 1 / 50) < 0.002);
    assert.ok(Math.abs(due(rampCount) - due(rampCount - 1) - 1 / 150) < 0.001);
  });

  test('a ramp down (start > rate) is monotonic too', () => {
    const due = makeSchedule(200, 50, 1, 'uniform');
    let prev = -1;
    for (let k = 0; k < 300; k++) {
      const t = due(k);
      assert.ok(Number.isFinite(t) && t > prev, `due(${k}) = ${t}`);
      prev = t;
    }
  });

  test('poisson: increasing times with a mean gap of 1/rate', () => {
    const due = makeSchedule(100, 100, 0, 'poisson');
    // The engine asks for k = 0, 1, 2, ... in order (the poisson schedule is a running sum).
    const n = 20000;
    const first = due(0);
    let prev = first;
    for (let k = 1; k <= n; k++) {
      const t = due(k);
      assert.ok(t >= prev);
      prev = t;
    }
    const mean = (prev - first) / n;
    assert.ok(Math.abs(mean - 0.01) < 0.0005, `mean gap ${mean}`);
  });
});

describe('targetRateAt', () => {
  test('ramps linearly from start to rate over ramp_secs, then holds rate', () => {
    const cps = { start: 50, rate: 150, ramp_secs: 2 };
    assert.equal(targetRateAt(cps, 0), 50);
    assert.equal(targetRateAt(cps, 1), 100);
    assert.equal(targetRateAt(cps, 2), 150);
    assert.equal(targetRateAt(cps, 30), 150);
    assert.equal(targetRateAt({ start: 10, rate: 40, ramp_secs: 0 }, 0), 40, 'no ramp: the rate from the start');
  });

  test('the schedule starts instances at the rate targetRateAt gives: the instances due in each second of a ramp', () => {
    const cps = { start: 100, rate: 300, ramp_secs: 4 };
    const due = makeSchedule(cps.start, cps.rate, cps.ramp_secs, 'uniform');
    const perSecond = [0, 0, 0, 0, 0];
    for (let k = 0; due(k) < 5; k++) perSecond[Math.floor(due(k))]!++;
    // the k-th second starts the integral of the target rate over it, within one instance
    perSecond.forEach((n, s) => assert.ok(Math.abs(n - (targetRateAt(cps, s) + targetRateAt(cps, s + 1)) / 2) <= 1, `second ${s}: ${n}`));
  });

  test('linearCps reads a linear record\'s cps, nothing else', () => {
    assert.deepEqual(linearCps({ distribution: { type: 'linear', cps: { start: 1, rate: 2, ramp_secs: 3 } } }), { start: 1, rate: 2, ramp_secs: 3 });
    assert.equal(linearCps({ distribution: { type: 'load' } }), undefined);
    assert.equal(linearCps(undefined), undefined);
  });
});

describe('Poisson arrivals with a seed', () => {
  const times = (seed: number) => {
    const rng = new Rng(seed, -1);
    const due = makeSchedule(100, 100, 0, 'poisson', () => rng.next());
    return Array.from({ length: 2000 }, (_, k) => due(k));
  };
  test('the same seed, the same arrival times; another seed, others; the mean gap is 1/rate', () => {
    assert.deepEqual(times(42), times(42));
    assert.notDeepEqual(times(42).slice(0, 10), times(43).slice(0, 10));
    const t = times(42);
    const meanGap = t[t.length - 1]! / (t.length - 1);
    // 2,000 exponential gaps of mean 10 ms: the standard error of their mean is ~0.22 ms
    assert.ok(Math.abs(meanGap - 0.01) < 0.001, `mean gap ${meanGap}`);
  });
});
