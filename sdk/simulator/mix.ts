// Responder mixes: a simulator rule that answers with a weighted mix of outcomes (answer, each error or reject,
// abort, silence) and an answer delay drawn from a distribution, as MAP and CAMEL responder users ask ("5%
// absentSubscriber, 2% callBarred"). The simulator parses its own outcome; this file parses the weights, picks by
// them and draws the delays, from one generator per simulator that `--seed` makes repeat.
import { Value } from 'typebox/value';
import { Rng } from '../../core/engine/random.js';
import { distributionProblem, distributionSchema, drawDistribution, type Distribution } from '../distribution.js';
import { ScriptError } from './script.js';

/** Outcomes with their weights (any positive numbers: shares are weight / total). */
export interface Mix<T> {
  readonly outcomes: readonly T[];
  readonly names: readonly string[];
  /** Running totals of the weights, the last one the total. */
  readonly cumulative: Float64Array;
}

/** The longest answer delay a simulator takes (ms): beyond it a peer's timers have long fired. */
export const MAX_DELAY_MS = 600_000;

const delaySchema = distributionSchema('milliseconds');

/** An answer delay: a fixed number of ms or a distribution in ms; undefined when not given. */
export type Delay = number | Distribution;

/**
 * `mix`: an array of objects, each with a positive `weight`, an optional `name` and the outcome's own fields, given to
 * `outcome` (which throws ScriptError naming the path it is given). Throws naming `where` on a bad array or weight.
 */
export function parseMix<T>(raw: unknown, where: string, outcome: (o: Record<string, unknown>, path: string) => T, nameOf: (o: Record<string, unknown>, i: number) => string): Mix<T> {
  if (!Array.isArray(raw) || raw.length === 0) throw new ScriptError(`${where}: expected a non-empty array of {weight, ...outcome}`);
  const outcomes: T[] = [];
  const names: string[] = [];
  const cumulative = new Float64Array(raw.length);
  let total = 0;
  raw.forEach((item, i) => {
    const path = `${where}[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new ScriptError(`${path}: expected an object with weight`);
    const o = item as Record<string, unknown>;
    if (typeof o.weight !== 'number' || !(o.weight > 0) || !Number.isFinite(o.weight)) throw new ScriptError(`${path}.weight: a positive number, got ${JSON.stringify(o.weight)}`);
    total += o.weight;
    cumulative[i] = total;
    const { weight: _w, name, ...rest } = o;
    outcomes.push(outcome(rest, path));
    names.push(typeof name === 'string' ? name : nameOf(rest, i));
  });
  if (new Set(names).size !== names.length) throw new ScriptError(`${where}: two outcomes share a name (${names.join(', ')}); give each a distinct "name"`);
  return { outcomes, names, cumulative };
}

/** The index of the outcome `u` (uniform in [0, 1)) falls on. */
export function pickIndex(mix: Mix<unknown>, u: number): number {
  const c = mix.cumulative;
  const x = u * c[c.length - 1]!;
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (x < c[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** `delay_ms`: a number of ms (0 … MAX_DELAY_MS) or a distribution in ms; undefined when absent. */
export function parseDelay(raw: unknown, where: string): Delay | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') {
    if (!(raw >= 0 && raw <= MAX_DELAY_MS)) throw new ScriptError(`${where}: a number of ms from 0 to ${MAX_DELAY_MS}, got ${raw}`);
    return raw;
  }
  const first = [...Value.Errors(delaySchema, raw)][0];
  if (first) throw new ScriptError(`${where}${first.instancePath.replace(/\//g, '.')}: ${first.message} (a number of ms or a distribution: uniform {min, max}, normal {mean, sd}, exponential {mean}, lognormal {median or mu, sigma}, bounds min, max)`);
  const problem = distributionProblem(raw as Distribution, MAX_DELAY_MS);
  if (problem) throw new ScriptError(`${where}${problem[0]}: ${problem[1]}`);
  return raw as Distribution;
}

/** The generator of one simulator: seeded by `--seed` (the draws repeat for the same arrivals), else at random. */
export function simulatorRandom(seed: number | undefined): () => number {
  const rng = new Rng(seed ?? Math.floor(Math.random() * 2 ** 32), 0);
  return () => rng.next();
}

/** A delay's ms for one answer. */
export function delayMs(d: Delay, random: () => number): number {
  return typeof d === 'number' ? d : drawDistribution(d, random, MAX_DELAY_MS);
}
