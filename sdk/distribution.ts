// Times drawn from a distribution: the `wait` operation's holding and think times (seconds) and the simulators'
// answer delays (milliseconds). The unit is the caller's; the shape is one of uniform {min, max}, normal {mean, sd},
// exponential {mean}, lognormal {median or mu, sigma}, with optional bounds {min, max}. Each draw takes its uniform
// numbers from the random function it is given, so a seeded generator makes the draws repeat. Bounds truncate: a
// draw outside [min, max] is drawn again (the shape between the bounds is kept); after 64 misses it is clamped.
import { Type, type Static } from './schema.js';

const Pos = (description: string) => Type.Number({ exclusiveMinimum: 0, description });
const NonNeg = (description: string) => Type.Number({ minimum: 0, description });

/** The schema of a distribution whose values are in `unit` (named in the descriptions). */
export function distributionSchema(unit: string) {
  return Type.Object(
    {
      uniform: Type.Optional(Type.Object({ min: NonNeg(unit), max: NonNeg(unit) }, { additionalProperties: false })),
      normal: Type.Optional(Type.Object({ mean: NonNeg(unit), sd: NonNeg(`standard deviation, ${unit}`) }, { additionalProperties: false })),
      exponential: Type.Optional(Type.Object({ mean: Pos(unit) }, { additionalProperties: false })),
      lognormal: Type.Optional(
        Type.Object(
          { median: Type.Optional(Pos(`${unit}: exp(mu)`)), mu: Type.Optional(Type.Number({ description: 'mean of the logarithm' })), sigma: NonNeg('standard deviation of the logarithm') },
          { additionalProperties: false },
        ),
      ),
      min: Type.Optional(NonNeg(`lower bound, ${unit}`)),
      max: Type.Optional(NonNeg(`upper bound, ${unit}`)),
    },
    { additionalProperties: false, description: 'A distribution: exactly one of uniform {min, max}, normal {mean, sd}, exponential {mean}, lognormal {median or mu, sigma}; bounds min, max' },
  );
}

export type Distribution = Static<ReturnType<typeof distributionSchema>>;

const KINDS = ['uniform', 'normal', 'exponential', 'lognormal'] as const;
const MAX_REDRAWS = 64;

/** What is wrong with a distribution whose values may not pass `limit`, as [path under it, message], or undefined. */
export function distributionProblem(h: Distribution, limit: number): [string, string] | undefined {
  const given = KINDS.filter((k) => h[k] !== undefined);
  if (given.length !== 1) return ['', `needs exactly one of ${KINDS.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}`];
  if (h.uniform && h.uniform.min > h.uniform.max) return ['.uniform.min', `is more than max (${h.uniform.max})`];
  if (h.lognormal && (h.lognormal.median === undefined) === (h.lognormal.mu === undefined)) return ['.lognormal', 'needs exactly one of median, mu'];
  const lo = h.min ?? 0;
  const hi = h.max ?? limit;
  if (hi > limit) return ['.max', `is more than ${limit}`];
  if (lo > hi) return ['.min', `is more than max (${hi})`];
  return undefined;
}

/** A standard normal number from two uniform ones (Box-Muller). */
function gauss(random: () => number): number {
  const u = 1 - random(); // (0, 1]: log(0) never
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function drawOnce(h: Distribution, random: () => number): number {
  if (h.uniform) return h.uniform.min + random() * (h.uniform.max - h.uniform.min);
  if (h.normal) return h.normal.mean + h.normal.sd * gauss(random);
  if (h.exponential) return -h.exponential.mean * Math.log(1 - random());
  const l = h.lognormal!;
  return Math.exp((l.mu ?? Math.log(l.median!)) + l.sigma * gauss(random));
}

/** A value drawn from the distribution, within its bounds and within 0 … limit. */
export function drawDistribution(h: Distribution, random: () => number, limit: number): number {
  const lo = h.min ?? 0;
  const hi = Math.min(h.max ?? limit, limit);
  let x = drawOnce(h, random);
  for (let i = 0; i < MAX_REDRAWS && (x < lo || x > hi); i++) x = drawOnce(h, random);
  return Math.min(hi, Math.max(lo, x));
}
