// Holding and think times drawn from a distribution (wait's `seconds` as an object): the call-holding-time models
// load testers of telephony use. Each draw takes its uniform numbers from ctx.random(), so a run's `seed` makes the
// waits repeat. Bounds truncate (a draw outside [min, max] is drawn again, so the shape between the bounds is kept;
// after 64 misses the last draw is clamped).
import { Type, type Static } from '../../sdk/index.js';

const Pos = (description: string) => Type.Number({ exclusiveMinimum: 0, description });
const NonNeg = (description: string) => Type.Number({ minimum: 0, description });

/** The object form of wait's `seconds`: one distribution, optional bounds. */
export const HoldingTimeSchema = Type.Object(
  {
    uniform: Type.Optional(Type.Object({ min: NonNeg('seconds'), max: NonNeg('seconds') }, { additionalProperties: false })),
    normal: Type.Optional(Type.Object({ mean: NonNeg('seconds'), sd: NonNeg('standard deviation, seconds') }, { additionalProperties: false })),
    exponential: Type.Optional(Type.Object({ mean: Pos('seconds') }, { additionalProperties: false })),
    lognormal: Type.Optional(
      Type.Object(
        { median: Type.Optional(Pos('seconds: exp(mu)')), mu: Type.Optional(Type.Number({ description: 'mean of the logarithm' })), sigma: NonNeg('standard deviation of the logarithm') },
        { additionalProperties: false },
      ),
    ),
    min: Type.Optional(NonNeg('lower bound, seconds')),
    max: Type.Optional(NonNeg('upper bound, seconds (at most 86400)')),
  },
  { additionalProperties: false, description: 'A distribution: exactly one of uniform {min, max}, normal {mean, sd}, exponential {mean}, lognormal {median or mu, sigma}; bounds min, max' },
);

export type HoldingTime = Static<typeof HoldingTimeSchema>;

const KINDS = ['uniform', 'normal', 'exponential', 'lognormal'] as const;
/** The longest wait (seconds): the bound of a fixed `seconds`. */
export const MAX_WAIT = 86400;
const MAX_REDRAWS = 64;

/** What is wrong with a distribution, as [path under seconds, message], or undefined. */
export function holdingTimeProblem(h: HoldingTime): [string, string] | undefined {
  const given = KINDS.filter((k) => h[k] !== undefined);
  if (given.length !== 1) return ['', `needs exactly one of ${KINDS.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}`];
  if (h.uniform && h.uniform.min > h.uniform.max) return ['.uniform.min', `is more than max (${h.uniform.max})`];
  if (h.lognormal && (h.lognormal.median === undefined) === (h.lognormal.mu === undefined)) return ['.lognormal', 'needs exactly one of median, mu'];
  const lo = h.min ?? 0;
  const hi = h.max ?? MAX_WAIT;
  if (hi > MAX_WAIT) return ['.max', `is more than ${MAX_WAIT}`];
  if (lo > hi) return ['.min', `is more than max (${hi})`];
  return undefined;
}

/** A standard normal number from two uniform ones (Box-Muller). */
function gauss(random: () => number): number {
  const u = 1 - random(); // (0, 1]: log(0) never
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function drawOnce(h: HoldingTime, random: () => number): number {
  if (h.uniform) return h.uniform.min + random() * (h.uniform.max - h.uniform.min);
  if (h.normal) return h.normal.mean + h.normal.sd * gauss(random);
  if (h.exponential) return -h.exponential.mean * Math.log(1 - random());
  const l = h.lognormal!;
  return Math.exp((l.mu ?? Math.log(l.median!)) + l.sigma * gauss(random));
}

/** Seconds drawn from the distribution, within its bounds (and within 0 … MAX_WAIT). */
export function drawHoldingTime(h: HoldingTime, random: () => number): number {
  const lo = h.min ?? 0;
  const hi = Math.min(h.max ?? MAX_WAIT, MAX_WAIT);
  let x = drawOnce(h, random);
  for (let i = 0; i < MAX_REDRAWS && (x < lo || x > hi); i++) x = drawOnce(h, random);
  return Math.min(hi, Math.max(lo, x));
}
