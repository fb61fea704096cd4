// The detailed record of the first instance (the record's `first_call`, core/api/record.ts), built by taps on the run's hooks: its
// check_log, trace_log (per trace_level), the messages it sent and received (decoded fields, hex at trace_level
// >= 2) and its final vars. Only instance 0 is detailed; the engine calls check/trace/message for it alone.
// The record is bounded (an instance that loops for a million steps, or receives huge messages, must not make
// QueryTest answer gigabytes): at most MAX_ENTRIES entries per log and `maxBytes` in all; past that, entries keep
// their step and name but lose their text, fields and hex, and `truncated` counts what was left out.
import type { RunRecord, TraceLevel } from '../api/index.js';
import type { RunHookSet } from '../hooks.js';
import { nowMs, toSecUsec } from './clock.js';
import { jsonValueSize } from '../expr/json-value.js';

export type Outcome = 'passed' | 'failed' | 'aborted' | 'cancelled';

/** The record's `first_call` (core/api/record.ts). */
export type DetailedRecord = NonNullable<RunRecord['first_call']>;
type MessageEntry = DetailedRecord['messages'][number];

/** Entries kept per log of the detailed record. */
const MAX_ENTRIES = 10_000;
/** Default byte budget of the detailed record (texts, fields, hex, vars). */
export const DEFAULT_RECORD_BYTES = 8 * 1024 * 1024;
const MAX_TEXT = 4000;

const TRACE_PATHS = ['', 'trace.debug', 'trace.dump', 'trace.spam'];
const NAME = 'first-call';
const DETAILED = 0;

export class FirstCallRecorder {
  record: DetailedRecord | undefined;
  private left: number;

  constructor(hooks: RunHookSet, traceLevel: TraceLevel, maxBytes = DEFAULT_RECORD_BYTES) {
    this.left = maxBytes;
    hooks.instanceStart.tap(NAME, (index) => {
      if (index === DETAILED) this.record = { index, time_start: toSecUsec(nowMs()), check_log: [], trace_log: [], messages: [] };
    });
    hooks.check.tap(NAME, (e) => {
      if (this.room('check_log')) this.record!.check_log.push({ step: e.step, op_idx: e.opIndex, status: e.status, text: this.text(e.text), time: toSecUsec(nowMs()) });
    });
    hooks.trace.tap(NAME, (e) => {
      if (this.room('trace_log')) this.record!.trace_log.push({ time: toSecUsec(nowMs()), path: TRACE_PATHS[e.level]!, step: e.step, op_idx: e.opIndex, msg: this.text(e.text) });
    });
    hooks.message.tap(NAME, (e) => {
      if (!this.room('messages')) return;
      const m = e.message;
      const entry: MessageEntry = { time: toSecUsec(nowMs()), step: e.step, op_idx: e.opIndex, direction: m.direction, protocol: m.protocol, name: m.name };
      if (m.peer !== undefined) entry.peer = m.peer;
      if (m.fields !== undefined && this.take(m.fields)) entry.fields = m.fields;
      if (m.bytes && traceLevel >= 2 && this.take(null, m.bytes.byteLength * 2)) {
        entry.hex = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength).toString('hex');
        if (m.dissector) entry.dissector = m.dissector;
      }
      this.record!.messages.push(entry);
    });
    hooks.instanceDone.tap(NAME, (s) => {
      const r = this.record;
      if (s.index !== DETAILED || !r) return;
      r.outcome = s.outcome;
      r.time_finish = toSecUsec(nowMs());
      r.duration = s.latencyMs / 1000;
      if (this.take(s.vars ?? {})) r.vars = structuredClone(s.vars ?? {});
      else (r.truncated ??= {}).vars = 'larger than the record budget left';
    });
  }

  /** Whether one more entry fits the log; counts the ones left out. */
  private room(log: 'check_log' | 'trace_log' | 'messages'): boolean {
    const r = this.record;
    if (!r) return false;
    if (r[log].length < MAX_ENTRIES) return true;
    const t = (r.truncated ??= {});
    t[log] = (t[log] ?? 0) + 1;
    return false;
  }

  /** Take a value's size (or `bytes`) from the budget; false (and counted as stripped) when it does not fit. */
  private take(value: unknown, bytes?: number): boolean {
    let n = bytes ?? 0;
    if (bytes === undefined) {
      try {
        n = jsonValueSize(value, this.left);
      } catch {
        n = Infinity;
      }
    }
    if (n <= this.left) {
      this.left -= n;
      return true;
    }
    const t = (this.record!.truncated ??= {});
    t.stripped = (t.stripped ?? 0) + 1;
    return false;
  }

  private text(s: string): string {
    const clipped = s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length} characters)` : s;
    return this.take(null, clipped.length) ? clipped : '(text left out: the record budget is used up)';
  }
}
