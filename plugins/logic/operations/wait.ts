// wait: pause the instance for `seconds`: a fixed time (fractions allowed) or one drawn from a distribution
// (holding-time.ts) with ctx.random(), so a run's `seed` repeats it; cancelled runs stop waiting at once. The
// achieved waits are the `wait` operation's latency in the record (latency.operations.wait: mean, p50, p99).
import { setTimeout as sleep } from 'node:timers/promises';
import { defineOperation, invalid, isExpression, Type } from '../../../sdk/index.js';
import { drawHoldingTime, holdingTimeProblem, HoldingTimeSchema, MAX_WAIT, type HoldingTime } from '../holding-time.js';

export default defineOperation({
  type: 'wait',
  direction: 'local',
  description:
    'Pause for `seconds`: fixed (may be fractional, e.g. 0.25) or a distribution, e.g. {"lognormal": {"median": 90, "sigma": 0.5}, "min": 5, "max": 600}; uniform {min, max}, normal {mean, sd}, exponential {mean}, lognormal {median or mu, sigma}',
  arguments: Type.Object({ seconds: Type.Union([Type.Number({ minimum: 0, maximum: MAX_WAIT }), HoldingTimeSchema]) }),
  prepare(args, ctx) {
    const s = args.seconds;
    if (typeof s !== 'object' || isExpression(s) || JSON.stringify(s).includes('"{')) return;
    const p = holdingTimeProblem(s);
    if (p) throw invalid(`${ctx.path}.seconds${p[0]}`, p[1]);
  },
  async execute(ctx, args) {
    const s = args.seconds;
    let seconds: number;
    if (typeof s === 'number') seconds = s;
    else {
      const p = holdingTimeProblem(s as HoldingTime);
      if (p) ctx.abort(`wait: seconds${p[0]} ${p[1]}`);
      seconds = drawHoldingTime(s as HoldingTime, () => ctx.random());
      ctx.trace(2, `wait ${seconds.toFixed(3)} s`);
    }
    if (seconds > 0) await sleep(seconds * 1000, undefined, { signal: ctx.signal });
    return typeof s === 'number' ? undefined : { result: { seconds } };
  },
});
