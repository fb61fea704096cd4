// The result record (docs/methods.md: QueryTest, CancelTest, `tester run --json`), declared once: this TypeBox schema is
// the JSON Schema published as docs/record.schema.json (`npm run docs`) and the static type the kernel, the
// built-ins and the CLI read records with. Every record the service answers validates against it
// (test/core/api/record.test.ts, with an independent validator).
import { Type, type Static, type TSchema } from 'typebox';

const Nat = Type.Integer({ minimum: 0 });
/** `[seconds, microseconds]` since the epoch. */
const SecUsec = Type.Tuple([Nat, Nat], { description: '[seconds, microseconds] since the epoch' });
const Opt = <T extends TSchema>(s: T) => Type.Optional(s);

const RunStateSchema = Type.Union([Type.Literal('running'), Type.Literal('completed'), Type.Literal('cancelled'), Type.Literal('aborted'), Type.Literal('interrupted')]);

const CountsSchema = Type.Object(
  { started: Nat, finished: Nat, passed: Nat, failed: Nat, aborted: Nat, cancelled: Nat, dropped: Nat },
  { description: 'Instances by outcome; dropped: due while the backlog was full (linear)' },
);

const CpsSchema = Type.Object({ start: Type.Number(), rate: Type.Number(), ramp_secs: Type.Number(), arrival: Opt(Type.Union([Type.Literal('uniform'), Type.Literal('poisson')])) });

const DistributionRecordSchema = Type.Object({
  type: Type.Union([Type.Literal('single'), Type.Literal('load'), Type.Literal('linear')]),
  total: Opt(Nat),
  backlog: Opt(Nat),
  cps: Opt(CpsSchema),
});

/** A run's first fails or aborts: instance ($n, -1 for the run itself), operation index, text, when. */
const ProblemSchema = Type.Object({ idx: Type.Integer(), op_idx: Type.Integer(), text: Type.String(), time: SecUsec });

const LatencySummarySchema = Type.Object(
  { count: Nat, p50: Type.Number(), p90: Type.Number(), p99: Type.Number(), max: Type.Number(), mean: Type.Number() },
  { description: 'Milliseconds, from each instance\'s scheduled start (no coordinated omission)' },
);

const LatencySchema = Type.Object({
  instance: LatencySummarySchema,
  operations: Type.Record(Type.String(), LatencySummarySchema),
  /** [percentile, ms] pairs of the instances' latency. */
  distribution: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
  /** The serialised histograms (base64 HdrHistogram), once the run has ended (and in every part's record): mergeable exactly. */
  hdr: Opt(Type.Object({ instance: Type.String(), operations: Type.Record(Type.String(), Type.String()) })),
});

const BucketSchema = Type.Object(
  {
    second: Nat,
    started: Nat,
    finished: Nat,
    failed: Nat,
    aborted: Nat,
    dropped: Nat,
    p50: Type.Number(),
    p99: Type.Number(),
    num_calls_started: Nat,
    num_calls_finished: Nat,
  },
  { description: 'One second of the run: what started and finished in it, and the p50/p99 (ms) of the instances that finished in it' },
);

/** The flow and the parallel leg an entry happened in (docs/definitions.md "Flows"). */
const FlowTag = {
  flow: Opt(Type.String({ description: 'The flow it happened in: `a/b` is flow b called from flow a' })),
  leg: Opt(Type.String({ description: 'The parallel leg it happened in' })),
};
const CheckEntrySchema = Type.Object({
  step: Nat,
  op_idx: Type.Integer(),
  status: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('abort')]),
  text: Type.String(),
  time: SecUsec,
  ...FlowTag,
});
const TraceEntrySchema = Type.Object({ time: SecUsec, path: Type.String(), step: Nat, op_idx: Type.Integer(), msg: Type.String(), ...FlowTag });
const MessageEntrySchema = Type.Object(
  {
    time: SecUsec,
    step: Nat,
    op_idx: Type.Integer(),
    direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
    protocol: Type.String(),
    name: Type.String(),
    peer: Opt(Type.String()),
    fields: Opt(Type.Unknown()),
    hex: Opt(Type.String({ pattern: '^([0-9a-f]{2})*$' })),
    dissector: Opt(Type.String()),
    ...FlowTag,
  },
  { additionalProperties: false },
);
const OutcomeSchema = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('aborted'), Type.Literal('cancelled')]);

const FirstCallSchema = Type.Object({
  index: Nat,
  outcome: Opt(OutcomeSchema),
  time_start: SecUsec,
  time_finish: Opt(SecUsec),
  duration: Opt(Type.Number()),
  check_log: Type.Array(CheckEntrySchema),
  trace_log: Type.Array(TraceEntrySchema),
  messages: Type.Array(MessageEntrySchema),
  vars: Opt(Type.Record(Type.String(), Type.Unknown())),
  choices: Opt(Type.Array(Type.Object({ op: Type.String(), flow: Type.String() }), { description: 'The flow each `choose` of the instance picked, in order' })),
  truncated: Opt(
    Type.Object({ check_log: Opt(Nat), trace_log: Opt(Nat), messages: Opt(Nat), stripped: Opt(Nat), vars: Opt(Type.String()) }, { description: 'What the record budget left out' }),
  ),
});

/**
 * One of the first N failed or aborted instances (ExecuteTest `detail.failures`), in the order they ended, with the
 * detail first_call has: its checks, log lines, messages (fields at trace_level >= 1, hex at 2) and vars at its end.
 */
const FailureSchema = Type.Object(
  {
    instance: Type.Integer({ minimum: 0, description: '$n of the instance (unique across the slices of a run)' }),
    reason: Type.String({ description: 'Its first fail (outcome failed) or its abort (outcome aborted)' }),
    op_idx: Type.Integer({ description: 'The operation of the reason (-1: none, e.g. vars that could not be evaluated)' }),
    pcap: Opt(Type.String({ description: "The pcap slice of the instance's messages: a download of the run (GET /api/runs/<run_id>/<pcap>) and the file `tester run --pcap` writes beside its own; present when its messages carry bytes (trace_level 2)" })),
    ...FirstCallSchema.properties,
    outcome: Type.Union([Type.Literal('failed'), Type.Literal('aborted')]),
  },
  { description: 'A failed or aborted instance in detail' },
);

const FirstCallSummarySchema = Type.Object({
  idx: Type.String(),
  time_start: SecUsec,
  time_finish: Opt(SecUsec),
  duration: Opt(Type.Number()),
  outcome: Type.Union([OutcomeSchema, Type.Literal('running')]),
});

const ThresholdSchema = Type.Object({ expr: Type.String(), metric: Type.String(), value: Type.Union([Type.Number(), Type.Null()]), bound: Type.Number(), ok: Type.Boolean() });

const HookErrorSchema = Type.Object({ hook: Type.String(), tap: Type.String(), text: Type.String(), time: SecUsec });

/** A part of a run split across worker threads, in the merged record. */
const WorkerPartSchema = Type.Object({ index: Nat, state: RunStateSchema, counts: CountsSchema, rate: Type.Number(), globals: Type.Record(Type.String(), Type.Unknown()) });

export const RunRecordSchema = Type.Object(
  {
    run_id: Type.String(),
    state: RunStateSchema,
    completed: Type.Union([Type.Literal(0), Type.Literal(1)]),
    /** CancelTest only: 1 when it stopped the run, 0 when the run had already ended. */
    cancelled: Opt(Type.Union([Type.Literal(0), Type.Literal(1)])),
    time_now: Opt(SecUsec),
    time_start: SecUsec,
    time_finish: Opt(SecUsec),
    duration: Opt(Type.Number({ description: 'seconds' })),
    counts: CountsSchema,
    in_progress: Nat,
    distribution: DistributionRecordSchema,
    slice: Opt(Type.Object({ index: Nat, count: Nat, distribution: DistributionRecordSchema }, { description: 'The share of a whole run this record is (ExecuteTest slice)' })),
    rate: Type.Number({ description: 'Achieved start rate: (started - 1) / (time between the first and the last start)' }),
    first_call_summary: Opt(FirstCallSummarySchema),
    first_call: Opt(FirstCallSchema),
    failures: Opt(Type.Array(FailureSchema, { description: 'The first detail.failures failed and aborted instances in detail (docs/methods.md)' })),
    choices: Opt(
      Type.Record(Type.String(), Type.Record(Type.String(), Nat), { description: 'Per `choose` operation (its JSON path): how many instances each flow was picked for' }),
    ),
    first_fails: Type.Array(ProblemSchema),
    first_aborts: Type.Array(ProblemSchema),
    globals: Type.Record(Type.String(), Type.Unknown()),
    latency: LatencySchema,
    buckets: Type.Array(BucketSchema),
    max_in_progress: Nat,
    thresholds: Opt(Type.Array(ThresholdSchema)),
    hook_errors: Opt(Type.Array(HookErrorSchema)),
    abort_reason: Opt(Type.String({ description: 'Why an internal fault ended the run (state aborted)' })),
    interrupted_reason: Opt(Type.String({ description: 'Read back from the run store: the service stopped while it ran' })),
    workers: Opt(Type.Array(WorkerPartSchema, { description: 'The parts of a run split across worker threads (tester serve --workers N)' })),
    slices: Opt(
      Type.Array(
        Type.Object({ index: Nat, run_id: Type.String(), state: RunStateSchema, time_start: SecUsec, time_finish: SecUsec, counts: CountsSchema, rate: Type.Number(), globals: Type.Record(Type.String(), Type.Unknown()) }),
        { description: 'The slices a merged record was made of (tester merge)' },
      ),
    ),
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tester.local/record.schema.json',
    title: 'Test Run result record',
    description: 'What QueryTest and CancelTest answer (docs/methods.md). Fields may be added; clients must ignore those they do not know.',
    additionalProperties: true,
  },
);

/** A Test Run's result record. */
export type RunRecord = Static<typeof RunRecordSchema>;
