// What an operation sees of its Test Run, and what it reports into the run's detailed record.
import type { Json, JsonObject } from './json.js';

/** The outcome a check writes to an instance's check_log. */
export type CheckStatus = 'pass' | 'fail' | 'abort';

export interface CheckLogEntry {
  step: number;
  op_idx: number;
  status: CheckStatus;
  text: string;
  time: [number, number];
}

/** trace_level: 0 none, 1 debug, 2 dump, 3 spam. */
export type TraceLevel = 0 | 1 | 2 | 3;

/**
 * One protocol message sent or received by an instance. Recorded into `first_call.messages[]` when the instance
 * is traced (the first instance, trace_level >= 1); `hex` and `bytes` only at trace_level >= 2.
 */
export interface MessageRecord {
  direction: 'sent' | 'received';
  /** Protocol family (the plugin's family name, as in its operation types). */
  protocol: string;
  /** Message / operation name, e.g. 'InitialDP', 'CCR', 'GET /subscribers/1'. */
  name: string;
  /** Decoded fields, in the form the plugin's operations match against. */
  fields?: Json;
  /**
   * The encoded bytes as they went on the wire, for `--pcap` and hex dumps. `dissector` names the Wireshark
   * dissector that decodes them (written as an EXPORTED_PDU pcap record).
   */
  bytes?: Uint8Array;
  dissector?: string;
  /** Optional text describing the peer (address or gateway instance). */
  peer?: string;
}

/** Run-level view given to operations: read-only. */
export interface RunView {
  readonly runId: string;
  /** The validated ExecuteTest params (numeric strings already coerced, declared defaults applied). */
  readonly params: Readonly<JsonObject>;
  readonly traceLevel: TraceLevel;
  /** Aborted when the run is cancelled. */
  readonly signal: AbortSignal;
}
