// The sizes of the values of one vars or globals object, kept as they are assigned (no walk of the whole): what
// bounds an instance's vars and a run's globals by max_vars_bytes (docs/limits.md).
import type { JsonObject } from '../api/index.js';
import { InstanceAbort } from '../errors.js';
import { expressionLimits } from '../expr/limits.js';
import { jsonValueSize } from '../expr/json-value.js';

export class SizeLedger {
  private sizes: Map<string, number> | undefined;
  private total = 0;
  /** Check and account `values` about to be assigned into `into`; throws InstanceAbort past a bound. */
  assign(into: JsonObject, values: JsonObject, what: string): void {
    const { maxValueBytes, maxVarsBytes } = expressionLimits();
    if (!this.sizes) {
      this.sizes = new Map();
      for (const k of Object.keys(into)) this.account(k, into[k], maxValueBytes);
    }
    for (const k of Object.keys(values)) this.account(k, values[k], maxValueBytes, what);
    if (this.total > maxVarsBytes) {
      // Undo what would not fit, so the state stays as before this assignment.
      for (const k of Object.keys(values)) this.account(k, into[k], Infinity);
      throw new InstanceAbort(`${what}: larger than max_vars_bytes (${maxVarsBytes}) with ${Object.keys(values).join(', ')}`);
    }
    Object.assign(into, values);
  }
  private account(k: string, v: unknown, max: number, what?: string): void {
    let n: number;
    try {
      n = v === undefined ? 0 : k.length + 4 + jsonValueSize(v, max);
    } catch (e) {
      throw new InstanceAbort(`${what ?? 'vars'}.${k}: ${(e as Error).message}`);
    }
    this.total += n - (this.sizes!.get(k) ?? 0);
    this.sizes!.set(k, n);
  }
}
