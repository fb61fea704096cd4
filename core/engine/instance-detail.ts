// The detailed record of one instance (the record's `first_call`, each of its `failures[]`): its check_log,
// trace_log, the messages it sent and received (decoded fields, hex at trace_level >= 2) and its final vars. Bounded
// (an instance that loops for a million steps, or receives huge messages, must not make QueryTest answer
// gigabytes): at most MAX_ENTRIES entries per log and a byte budget in all; past that, entries keep their step and
// name but lose their text, fields and hex, and `truncated` counts what was left out. The budget may be drawn from a
// pool shared with other instances (engine/failure-evidence.ts: the instances watched at once), given back by
// release() when the record is dropped.
import type { CheckStatus, JsonObject, MessageRecord, RunRecord, TraceLevel } from '../api/index.js';
import { nowMs, toSecUsec } from './clock.js';
import { jsonValueSize } from '../expr/json-value.js';

/** The record's `first_call` (core/api/record.ts); a failure's detail has the same fields. */
export type DetailedRecord = NonNullable<RunRecord['first_call']>;
type MessageEntry = DetailedRecord['messages'][number];

/** Entries kept per log of a detailed record. */
const MAX_ENTRIES = 10_000;
const MAX_TEXT = 4000;
const TRACE_PATHS = ['', 'trace.debug', 'trace.dump', 'trace.spam'];

/** Bytes several records draw from together (what the instances watched at once may hold). */
export interface BytePool {
  left: number;
}

/** Where in its instance an entry happened. */
interface At {
  step: number;
  opIndex: number;
  flow?: string | undefined;
  leg?: string | undefined;
}

/** The flow and leg of an entry, when it has them. */
function tag(entry: { flow?: string; leg?: string }, at: At): void {
  if (at.flow !== undefined) entry.flow = at.flow;
  if (at.leg !== undefined) entry.leg = at.leg;
}

export class InstanceDetail {
  readonly record: DetailedRecord;
  private left: number;
  /** Taken from `pool` (given back by release()). */
  private drawn = 0;
  /** The instance's first fail and its abort, whether or not the log had room for them: a failure's reason. */
  firstFail: { text: string; opIndex: number } | undefined;
  abort: { text: string; opIndex: number } | undefined;

  /** `startMs`: when the instance started (wall clock), when that was before this record was made. */
  constructor(index: number, private readonly traceLevel: TraceLevel, maxBytes: number, private readonly pool?: BytePool, startMs = nowMs()) {
    this.left = maxBytes;
    this.record = { index, time_start: toSecUsec(startMs), check_log: [], trace_log: [], messages: [] };
  }

  check(at: At, status: CheckStatus, text: string): void {
    if (status === 'fail') this.firstFail ??= { text: this.clip(text), opIndex: at.opIndex };
    else if (status === 'abort') this.abort = { text: this.clip(text), opIndex: at.opIndex };
    if (!this.room('check_log')) return;
    const entry: DetailedRecord['check_log'][number] = { step: at.step, op_idx: at.opIndex, status, text: this.text(text), time: toSecUsec(nowMs()) };
    tag(entry, at);
    this.record.check_log.push(entry);
  }

  trace(at: At, level: 1 | 2 | 3, text: string): void {
    if (!this.room('trace_log')) return;
    const entry: DetailedRecord['trace_log'][number] = { time: toSecUsec(nowMs()), path: TRACE_PATHS[level]!, step: at.step, op_idx: at.opIndex, msg: this.text(text) };
    tag(entry, at);
    this.record.trace_log.push(entry);
  }

  message(at: At, m: MessageRecord): void {
    if (!this.room('messages')) return;
    const entry: MessageEntry = { time: toSecUsec(nowMs()), step: at.step, op_idx: at.opIndex, direction: m.direction, protocol: m.protocol, name: m.name };
    if (m.peer !== undefined) entry.peer = m.peer;
    tag(entry, at);
    if (m.fields !== undefined && this.take(m.fields)) entry.fields = m.fields;
    // the bytes as hex now: a plugin may reuse the buffer it gave
    if (m.bytes && this.traceLevel >= 2 && this.take(null, m.bytes.byteLength * 2)) {
      entry.hex = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength).toString('hex');
      if (m.dissector) entry.dissector = m.dissector;
    }
    this.record.messages.push(entry);
  }

  /** The instance ended: its outcome, duration and a copy of its vars (when they fit). */
  done(outcome: DetailedRecord['outcome'], latencyMs: number, vars: JsonObject | undefined): void {
    const r = this.record;
    r.outcome = outcome;
    r.time_finish = toSecUsec(nowMs());
    r.duration = latencyMs / 1000;
    if (this.take(vars ?? {})) r.vars = structuredClone(vars ?? {});
    else (r.truncated ??= {}).vars = 'larger than the record budget left';
  }

  /** The record is dropped: what it drew from the shared pool goes back. */
  release(): void {
    if (this.pool) this.pool.left += this.drawn;
    this.drawn = 0;
  }

  /** Whether one more entry fits the log; counts the ones left out. */
  private room(log: 'check_log' | 'trace_log' | 'messages'): boolean {
    const r = this.record;
    if (r[log].length < MAX_ENTRIES) return true;
    const t = (r.truncated ??= {});
    t[log] = (t[log] ?? 0) + 1;
    return false;
  }

  /** Take a value's size (or `bytes`) from the budget; false (and counted as stripped) when it does not fit. */
  private take(value: unknown, bytes?: number): boolean {
    const limit = this.pool ? Math.min(this.left, this.pool.left) : this.left;
    let n = bytes ?? 0;
    if (bytes === undefined) {
      try {
        n = jsonValueSize(value, limit);
      } catch {
        n = Infinity;
      }
    }
    if (n <= limit) {
      this.left -= n;
      if (this.pool) {
        this.pool.left -= n;
        this.drawn += n;
      }
      return true;
    }
    const t = (this.record.truncated ??= {});
    t.stripped = (t.stripped ?? 0) + 1;
    return false;
  }

  private clip(s: string): string {
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length} characters)` : s;
  }

  private text(s: string): string {
    const clipped = this.clip(s);
    return this.take(null, clipped.length) ? clipped : '(text left out: the record budget is used up)';
  }
}
