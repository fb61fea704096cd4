// The detailed record of the first instance (`first_call` of DESIGN §5), built by taps on the run's hooks: its
// check_log, trace_log (per trace_level), the messages it sent and received (decoded fields, hex at trace_level
// >= 2) and its final vars. Only instance 0 is detailed; the engine calls check/trace/message for it alone.
import type { CheckStatus, JsonObject, TraceLevel } from '../api/index.js';
import type { RunHookSet } from '../hooks.js';
import { nowMs, toSecUsec } from './clock.js';

export type Outcome = 'passed' | 'failed' | 'aborted' | 'cancelled';

export interface DetailedRecord {
  index: number;
  outcome?: Outcome;
  time_start: [number, number];
  time_finish?: [number, number];
  duration?: number;
  check_log: Array<{ step: number; op_idx: number; status: CheckStatus; text: string; time: [number, number] }>;
  trace_log: Array<{ time: [number, number]; path: string; step: number; op_idx: number; msg: string }>;
  messages: Array<Record<string, unknown>>;
  vars?: JsonObject;
}

const TRACE_PATHS = ['', 'trace.debug', 'trace.dump', 'trace.spam'];
const NAME = 'first-call';
const DETAILED = 0;

export class FirstCallRecorder {
  record: DetailedRecord | undefined;

  constructor(hooks: RunHookSet, traceLevel: TraceLevel) {
    hooks.instanceStart.tap(NAME, (index) => {
      if (index === DETAILED) this.record = { index, time_start: toSecUsec(nowMs()), check_log: [], trace_log: [], messages: [] };
    });
    hooks.check.tap(NAME, (e) => {
      this.record?.check_log.push({ step: e.step, op_idx: e.opIndex, status: e.status, text: e.text, time: toSecUsec(nowMs()) });
    });
    hooks.trace.tap(NAME, (e) => {
      this.record?.trace_log.push({ time: toSecUsec(nowMs()), path: TRACE_PATHS[e.level]!, step: e.step, op_idx: e.opIndex, msg: e.text });
    });
    hooks.message.tap(NAME, (e) => {
      const m = e.message;
      const entry: Record<string, unknown> = { time: toSecUsec(nowMs()), step: e.step, op_idx: e.opIndex, direction: m.direction, protocol: m.protocol, name: m.name };
      if (m.peer !== undefined) entry.peer = m.peer;
      if (m.fields !== undefined) entry.fields = m.fields;
      if (m.bytes && traceLevel >= 2) {
        entry.hex = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength).toString('hex');
        if (m.dissector) entry.dissector = m.dissector;
      }
      this.record?.messages.push(entry);
    });
    hooks.instanceDone.tap(NAME, (s) => {
      const r = this.record;
      if (s.index !== DETAILED || !r) return;
      r.outcome = s.outcome;
      r.time_finish = toSecUsec(nowMs());
      r.duration = s.latencyMs / 1000;
      r.vars = structuredClone(s.vars ?? {});
    });
  }
}
