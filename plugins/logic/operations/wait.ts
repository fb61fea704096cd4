// wait: pause the instance for `seconds` (fractions allowed); cancelled runs stop waiting at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { defineOperation, Type } from '../../../sdk/index.js';

export default defineOperation({
  type: 'wait',
  direction: 'local',
  description: 'Pause for `seconds` (may be fractional, e.g. 0.25)',
  arguments: Type.Object({ seconds: Type.Number({ minimum: 0, maximum: 86400 }) }),
  async execute(ctx, args) {
    if (args.seconds > 0) await sleep(args.seconds * 1000, undefined, { signal: ctx.signal });
  },
});
