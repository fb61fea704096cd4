// ResetTimer's behaviour (its row names RESET_TIMER): an inbound ResetTimer while another operation is awaited is
// skipped (traced) under the rule 'ignore', the default; under 'abort' it is unexpected there like any other.
import type { OperationContext } from '../../../sdk/index.js';
import type { InapConfig } from '../options.js';
import { inapParams } from '../params.js';
import type { OperationBehaviour } from './behaviour.js';

/** The run's rule: ExecuteTest `inap.reset_timer` / `inap.ignore_reset_timer`, else the plugin option. */
function resetTimerRule(ctx: OperationContext, options: InapConfig): 'ignore' | 'abort' {
  const p = inapParams(ctx.run.params);
  if (p.reset_timer) return p.reset_timer;
  const i = p.ignore_reset_timer;
  if (i !== undefined) return i === 0 || i === false || i === '0' ? 'abort' : 'ignore';
  return options.reset_timer;
}

export const RESET_TIMER: OperationBehaviour = {
  whileWaiting(ctx, waiting, _d, c, options) {
    if (resetTimerRule(ctx, options) !== 'ignore') return false;
    ctx.trace(1, `${waiting.name}: ignored ResetTimer (invoke ${c.invokeId}) while waiting`);
    return true;
  },
};
