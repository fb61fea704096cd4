// hlr-sim's responder mixes: per MAP operation, a weighted mix of outcomes (answer as the subscriber table says, a
// MAP error by name or code, a TCAP U-Abort, or silence), and an answer delay drawn from a distribution, as MAP
// responder users ask ("5% absentSubscriber, 2% callBarred"). The weights, picks and delays are the sdk's
// (sdk/simulator/mix.ts); `--seed` makes them repeat.
import { parseDelay, parseMix, pickIndex, ScriptError, type Delay, type Mix } from '../../../sdk/index.js';
import { MAP_OPERATIONS, resolveError } from '../catalogue.js';

/** What one dialogue of a mixed operation gets. */
export type HlrOutcome = { answer: true } | { error: number } | { abort: true } | { silence: true };

export interface HlrMixes {
  /** By operation name (the opening Invoke's). */
  byOp: ReadonlyMap<string, Mix<HlrOutcome>>;
  /** Before every answer (`delay_ms`). */
  delay: Delay | undefined;
}

const NAMES = new Set(MAP_OPERATIONS.map((o) => o.name));

function outcome(o: Record<string, unknown>, where: string): HlrOutcome {
  const keys = Object.keys(o);
  if (keys.length === 1 && (o.answer === true || o.abort === true || o.silence === true)) return o as HlrOutcome;
  if (keys.length === 1 && o.error !== undefined) {
    const e = resolveError(o.error);
    if (!e) throw new ScriptError(`${where}.error: not a MAP error name or code: ${JSON.stringify(o.error)}`);
    return { error: e.code };
  }
  throw new ScriptError(`${where}: expected {weight, answer: true}, {weight, error: "<MAP error>"}, {weight, abort: true} or {weight, silence: true}, got ${JSON.stringify(o)}`);
}

const nameOf = (o: Record<string, unknown>): string => (o.error !== undefined ? String(o.error) : Object.keys(o)[0] ?? 'answer');

/** `mix: {"<Operation>": [{weight, ...outcome}]}` and `delay_ms`; every mistake named by its path. */
export function parseHlrMixes(mix: unknown, delay: unknown): HlrMixes {
  const byOp = new Map<string, Mix<HlrOutcome>>();
  if (mix !== undefined) {
    if (typeof mix !== 'object' || mix === null || Array.isArray(mix)) throw new ScriptError('mix: expected { "<MAP operation>": [{weight, answer | error | abort | silence}] }');
    for (const [op, list] of Object.entries(mix)) {
      if (!NAMES.has(op)) throw new ScriptError(`mix.${op}: not a MAP operation (e.g. SendRoutingInfoForSM, UpdateLocation, MtForwardSM)`);
      byOp.set(op, parseMix(list, `mix.${op}`, outcome, nameOf));
    }
  }
  return { byOp, delay: parseDelay(delay, 'delay_ms') };
}

/** The outcome of one dialogue of `op` (undefined: no mix for it, answer as usual) and its name for the statistics. */
export function pickOutcome(m: HlrMixes, op: string, u: () => number): [HlrOutcome, string] | undefined {
  const mix = m.byOp.get(op);
  if (!mix) return undefined;
  const i = mix.outcomes.length === 1 ? 0 : pickIndex(mix, u());
  return [mix.outcomes[i]!, `${op}/${mix.names[i]!}`];
}
