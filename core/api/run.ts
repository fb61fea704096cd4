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
 * is traced (the first instance, trace_level >= 1), and into `failures[].messages[]` for a failure kept in detail;
 * `hex` and `bytes` only at trace_level >= 2.
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

/**
 * aborted: an internal fault ended the run (its reason is in the record's abort_reason); its locks are free.
 * interrupted: the service stopped while the run was running (its instances were stopped as on a cancel).
 */
export type RunState = RunRecord['state'];

export type { RunRecord } from './record.js';
import type { RunRecord } from './record.js';

/** Which share of a run a slice is (core/engine/slice.ts). */
export interface Slice {
  index: number;
  count: number;
}

/** A run's compiled distribution: how many instances, how many at once, at what rate. */
export interface Distribution {
  type: 'single' | 'load' | 'linear';
  total: number;
  backlog: number;
  rate: number;
  start: number;
  rampSecs: number;
  arrival: 'uniform' | 'poisson';
  /** When the run is one slice of several (core/engine/slice.ts): which, and the whole run's figures; the fields above are this slice's share. */
  slice?: Slice & { total: number; backlog: number; rate: number; start: number };
}

/** A run's line in ListTests, and what the metrics read at each scrape: cheap, no percentiles. */
export interface RunSummary {
  run_id: string;
  state: RunState;
  completed: 0 | 1;
  /** Instances of a run by outcome. */
  counts: RunRecord['counts'];
  in_progress: number;
  time_start: [number, number];
  rate: number;
  /** Instances started in the last whole second (a running run). */
  current_rate?: number;
  /** The target start rate now (a running linear run). */
  target_rate?: number;
  /** On how many worker threads it runs (a run split across workers). */
  workers?: number;
}

/**
 * A run the service can answer for, however it executes: on this thread, split across worker threads, or read
 * back from the run store after a restart. QueryTest, CancelTest, ListTests and the metrics know runs only so.
 */
export interface KnownRun {
  readonly runId: string;
  readonly state: RunState;
  /** performance.now() at its end (retention counts from it); undefined while it runs. */
  readonly completedAt: number | undefined;
  /** Settles when the run has ended (every part's final record is in). */
  readonly finished: Promise<void>;
  /** The result record now (a run split across workers asks each part). */
  record(): Promise<RunRecord>;
  summary(): Promise<RunSummary>;
  /** Stop it at once: its instances end cancelled. Nothing happens to a run that has ended. */
  cancel(): void;
  /** The service is stopping: stop it as on a cancel, reported as interrupted. */
  interrupt(): void;
  /** The latest records of its parts on other threads (a run split across workers), as last read. */
  remoteParts?(): readonly RunRecord[];
}

/** A run executing on this thread (a whole run, or this thread's part of a run split across workers). */
export interface LocalRun extends KnownRun {
  readonly inProgress: number;
  /** The record now, with its serialised histograms even while it runs (parts are merged from these). */
  partRecord(): RunRecord;
}

/**
 * A checked, compiled run about to start (locks taken, run_id reserved): an executor may take it (the worker
 * threads take the runs they can split), else it runs on this thread.
 */
export interface RunStart {
  readonly runId: string;
  /** The checked ExecuteTest params. */
  readonly params: JsonObject;
  readonly distribution: Distribution;
  /** The plugins whose operation types the run uses. */
  readonly plugins: ReadonlySet<string>;
  /** Compile a part of this run (its params with a slice) and start it here; `onEnd` gets its final record. */
  startPart(params: JsonObject, onEnd: (record: RunRecord) => void): Promise<LocalRun>;
  /** The run taken has ended: call once, with its final record (the locks are released, the store saves it). */
  ended(run: KnownRun, record: RunRecord): void;
}
