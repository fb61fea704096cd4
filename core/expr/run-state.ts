// State that expression functions keep (sequence() counters) belongs to the run that evaluates them, so it ends
// with the run. Evaluation is synchronous, so the run's state is set around one evaluation and read by the
// functions it calls.
import { expressionLimits } from './limits.js';

export class RunExprState {
  readonly sequences = new Map<string, number>();

  /** Next value of the named counter of this run. */
  next(name: string, start: number): number {
    const prev = this.sequences.get(name);
    if (prev === undefined && this.sequences.size >= expressionLimits().maxSequences) {
      throw new Error(`sequence: more than ${expressionLimits().maxSequences} distinct names in one run (max_sequences)`);
    }
    const v = prev === undefined ? start : prev + 1;
    this.sequences.set(name, v);
    return v;
  }
}

let active: RunExprState | undefined;
/** The evaluating instance's generator when the run has a `seed` (core/engine/random.ts), else undefined. */
let activeRandom: RandomSource | undefined;

/** A generator of uniform numbers in [0, 1). */
export interface RandomSource {
  next(): number;
}

/**
 * Evaluate with this run's state (and the instance's seeded generator) active; without a state (offline
 * validation), functions get a throwaway one.
 */
export function withRunState<T>(state: RunExprState | undefined, fn: () => T, random?: RandomSource): T {
  const prev = active;
  const prevRandom = activeRandom;
  active = state;
  activeRandom = random;
  try {
    return fn();
  } finally {
    active = prev;
    activeRandom = prevRandom;
  }
}

/** The seeded generator of the instance being evaluated; undefined: the functions use crypto's randomness. */
export function seededRandom(): RandomSource | undefined {
  return activeRandom;
}

export function runState(): RunExprState {
  return (active ??= new RunExprState());
}
