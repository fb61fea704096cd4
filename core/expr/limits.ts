// Bounds on what expressions can build and hold, so that no definition can exhaust the service's memory or hold
// its event loop: the size of any value an expression produces, of an instance's vars and of a run's globals,
// and the length and nesting depth of an expression's source. The service sets them at start (ServiceOptions,
// `tester serve` flags); docs/architecture.md lists them with every other bound.

export interface ExpressionLimits {
  /** Largest value an expression may produce, and largest single var or global, in bytes of its JSON text. */
  maxValueBytes: number;
  /** Largest total of an instance's vars, and of a run's globals, in bytes of their JSON text. */
  maxVarsBytes: number;
  /** Longest expression source, in characters. */
  maxExpressionLength: number;
  /** Deepest nesting of brackets ( [ { in an expression. */
  maxExpressionDepth: number;
  /** Most distinct sequence() names one run may use. */
  maxSequences: number;
}

export const defaultExpressionLimits: Readonly<ExpressionLimits> = Object.freeze({
  maxValueBytes: 1024 * 1024,
  maxVarsBytes: 4 * 1024 * 1024,
  maxExpressionLength: 16 * 1024,
  maxExpressionDepth: 64,
  maxSequences: 10_000,
});

let current: ExpressionLimits = { ...defaultExpressionLimits };

/** The limits in force (one set per process: the service that starts last sets them). */
export function expressionLimits(): Readonly<ExpressionLimits> {
  return current;
}

/** Set the limits from options that may hold other keys too (the service's): only the limits' own keys are read. */
export function setExpressionLimits(l: Partial<ExpressionLimits>): void {
  const next = { ...defaultExpressionLimits };
  for (const k of Object.keys(next) as Array<keyof ExpressionLimits>) if (l[k] !== undefined) next[k] = l[k]!;
  current = next;
}
