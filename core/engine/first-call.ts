// The detailed record of the first instance (the record's `first_call`, core/api/record.ts), built by taps on the
// run's hooks: the engine calls check/trace/message for instance 0 alone (a failure's detail, engine/failure-evidence.ts,
// is written by its instance directly, not through the hooks). The record itself and its bounds: instance-detail.ts.
import type { TraceLevel } from '../api/index.js';
import type { RunHookSet } from '../hooks.js';
import { InstanceDetail, type DetailedRecord } from './instance-detail.js';

export type Outcome = 'passed' | 'failed' | 'aborted' | 'cancelled';

/** Default byte budget of the detailed record (texts, fields, hex, vars). */
export const DEFAULT_RECORD_BYTES = 8 * 1024 * 1024;

const NAME = 'first-call';
const DETAILED = 0;

export class FirstCallRecorder {
  private detail: InstanceDetail | undefined;

  constructor(hooks: RunHookSet, traceLevel: TraceLevel, maxBytes = DEFAULT_RECORD_BYTES) {
    hooks.instanceStart.tap(NAME, (index) => {
      if (index === DETAILED) this.detail = new InstanceDetail(index, traceLevel, maxBytes);
    });
    hooks.check.tap(NAME, (e) => this.detail?.check(e, e.status, e.text));
    hooks.trace.tap(NAME, (e) => this.detail?.trace(e, e.level, e.text));
    hooks.message.tap(NAME, (e) => this.detail?.message(e, e.message));
    hooks.instanceDone.tap(NAME, (s) => {
      if (s.index === DETAILED) this.detail?.done(s.outcome, s.latencyMs, s.vars);
    });
  }

  get record(): DetailedRecord | undefined {
    return this.detail?.record;
  }
}
