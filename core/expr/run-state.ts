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

/** Evaluate with this run's state active; without one (offline validation), functions get a throwaway state. */
export function withRunState<T>(state: RunExprState | undefined, fn: () => T): T {
  const prev = active;
  active = state;
  try {
    return fn();
  } finally {
    active = prev;
  }
}

export function runState(): RunExprState {
  return (active ??= new RunExprState());
}
