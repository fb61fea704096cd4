// Holding and think times drawn from a distribution (wait's `seconds` as an object): the call-holding-time models
// load testers of telephony use, in seconds, bounded by MAX_WAIT. The shapes, their checks and the draws are the
// sdk's (sdk/distribution.ts, shared with the simulators' answer delays); each draw takes its uniform numbers from
// ctx.random(), so a run's `seed` makes the waits repeat.
import { distributionProblem, distributionSchema, drawDistribution, type Distribution } from '../../sdk/index.js';

/** The longest wait (seconds): the bound of a fixed `seconds` and of a distribution's draws. */
export const MAX_WAIT = 86400;

/** The object form of wait's `seconds`: one distribution, optional bounds (at most MAX_WAIT). */
export const HoldingTimeSchema = distributionSchema('seconds');

export type HoldingTime = Distribution;

/** What is wrong with a distribution, as [path under seconds, message], or undefined. */
export const holdingTimeProblem = (h: HoldingTime): [string, string] | undefined => distributionProblem(h, MAX_WAIT);

/** Seconds drawn from the distribution, within its bounds (and within 0 … MAX_WAIT). */
export const drawHoldingTime = (h: HoldingTime, random: () => number): number => drawDistribution(h, random, MAX_WAIT);
