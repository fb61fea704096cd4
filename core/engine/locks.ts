// Test Run locks: exclusive keys per service process, taken all at once or not at all, never waited for.
import { cannotStart } from '../errors.js';

export class LockTable {
  private held = new Map<string, string>(); // key → run_id

  /** Take every key for runId, or none: throws 2003 naming the first key held by another run. */
  acquire(runId: string, keys: readonly string[]): void {
    const unique = [...new Set(keys)];
    for (const k of unique) {
      const owner = this.held.get(k);
      if (owner !== undefined) throw cannotStart(`lock '${k}' is held by run '${owner}'; locks are not waited for, retry when that run completes`);
    }
    for (const k of unique) this.held.set(k, runId);
  }

  release(runId: string, keys: readonly string[]): void {
    for (const k of keys) if (this.held.get(k) === runId) this.held.delete(k);
  }

  owner(key: string): string | undefined {
    return this.held.get(key);
  }

  get size(): number {
    return this.held.size;
  }
}
