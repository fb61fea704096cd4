// The error catalogue: the only place JSON-RPC error codes are declared, each with its name, its meaning, when it
// is returned and what to do. The ErrorCode table, DescribeOperations' `errors` and docs/errors.md's table are made
// from it (test/core/errors.test.ts holds the doc in step).

/** One error code: its meaning in a line (DescribeOperations), when it is returned and what to do (docs/errors.md). */
export interface ErrorEntry {
  code: number;
  meaning: string;
  when: string;
  action: string;
}

/** The catalogue, by name. */
const CATALOGUE = {
  General: {
    code: 1000,
    meaning: 'General error: unparsable JSON, not a JSON-RPC 2.0 request, frame too large, read timeout, too many connections, internal fault',
    when: 'Unparsable JSON; not a JSON-RPC 2.0 request (`jsonrpc` not `"2.0"`, no `method`, no `id`, a batch array); length prefix above `max_message_bytes` (refused before reading the body); no complete request within `read_timeout_ms`; more than `max_connections` at once; an internal fault',
    action: 'Fix the framing or the envelope; send one request per connection; retry later when the service is busy',
  },
  UnknownMethod: {
    code: 1001,
    meaning: 'Unknown method; the message names it and the supported ones',
    when: '`method` is not one of ExecuteTest, QueryTest, CancelTest, ListTests, DescribeOperations, rpc.discover (the message names it and lists the supported ones), whatever its params',
    action: 'Check the method name (case matters)',
  },
  RunIdMissing: {
    code: 2000,
    meaning: 'Test Run ID not specified (run_id missing or empty)',
    when: '`run_id` missing or empty (ExecuteTest, QueryTest, CancelTest)',
    action: 'Send a non-empty `run_id`',
  },
  RunIdInUse: {
    code: 2001,
    meaning: 'Test Run ID already in use (running, or completed and still retained)',
    when: '`run_id` is running, or completed and still retained for QueryTest (`retention_secs`)',
    action: 'Use a new `run_id` for every Test Run (`tester run`: leave `run_id` out of the file for a fresh one per run, or pass `--run-id`)',
  },
  CannotCreate: {
    code: 2002,
    meaning: 'Test Run cannot be created: invalid params (the message names the JSON path), unknown operation type, bad expression, unresolved label, out-of-range value, unknown gateway instance',
    when: 'The definition is invalid: a param or argument fails its schema or range (message names the JSON path), an unknown top-level param or argument name, an unknown operation type, an expression that does not compile or names an unknown variable or function, an unknown or duplicate label, `linear` without `cps`, `load`/`linear` without `total`, an unknown gateway instance named by a gateway selector param (`<kind>`, `<kind>_<label>`), an operation whose gateway kind has no configured instance',
    action: 'Fix the definition at the path named; `tester validate FILE` checks it offline',
  },
  CannotStart: {
    code: 2003,
    meaning: 'Test Run cannot be started: a lock is held (the message names the key), a gateway instance is not connected (named), too many runs',
    when: 'A lock key is held by another run (message names the key and the run); a gateway instance the run needs is not connected (message names kind, instance and state); `max_runs` runs already in progress',
    action: 'Wait for the other run or the peer and retry; locks are never waited for',
  },
  RunIdUnknown: {
    code: 2004,
    meaning: 'Test Run ID not known (QueryTest, CancelTest)',
    when: 'QueryTest/CancelTest for a `run_id` never started, or forgotten (after `retention_secs`, beyond `max_retained_runs`, or after the first completed QueryTest with `--forget-on-read`)',
    action: 'Check the id; query completed runs before they expire',
  },
} as const satisfies Record<string, ErrorEntry>;

type ErrorName = keyof typeof CATALOGUE;

/** The codes by name (ErrorCode.CannotCreate is 2002): derived from the catalogue. */
export const ErrorCode = Object.freeze(Object.fromEntries(Object.entries(CATALOGUE).map(([name, e]) => [name, e.code]))) as {
  readonly [K in ErrorName]: (typeof CATALOGUE)[K]['code'];
};

export type ErrorCodeValue = (typeof ErrorCode)[ErrorName];

/** Every code with its name, meaning, when and what to do: DescribeOperations' `errors` and docs/errors.md's table. */
export const errorCatalogue: ReadonlyArray<ErrorEntry & { code: ErrorCodeValue; name: ErrorName }> = Object.freeze(
  Object.entries(CATALOGUE).map(([name, e]) => ({ name: name as ErrorName, ...e })),
);

/** docs/errors.md's table, made from the catalogue (`npm run docs` writes it; a test holds the file in step). */
export function errorsTable(): string {
  const rows = errorCatalogue.map((e) => `| ${e.code} | ${e.name} | ${e.when} | ${e.action} |`);
  return ['| code | name | when | what to do |', '|---|---|---|---|', ...rows].join('\n');
}

/** An error that maps to a JSON-RPC error object. `path` is the JSON path at fault, when there is one. */
export class TesterError extends Error {
  readonly code: number;
  readonly path: string | undefined;
  constructor(code: number, message: string, path?: string) {
    super(message);
    this.name = 'TesterError';
    this.code = code;
    this.path = path;
  }
}

/** 2002 naming the JSON path at fault: `operations[1].arguments.serviceKey: must be integer`. */
export function invalid(path: string, message: string): TesterError {
  return new TesterError(ErrorCode.CannotCreate, path ? `${path}: ${message}` : message, path);
}

/** 2003: the run cannot start now. */
export function cannotStart(message: string): TesterError {
  return new TesterError(ErrorCode.CannotStart, message);
}

/** Thrown inside an instance to end it as aborted; the engine records it in check_log and first_aborts. */
export class InstanceAbort extends Error {
  readonly instanceAbort = true as const;
  constructor(message: string) {
    super(message);
    this.name = 'InstanceAbort';
  }
}

export function isInstanceAbort(e: unknown): e is InstanceAbort {
  return typeof e === 'object' && e !== null && (e as { instanceAbort?: unknown }).instanceAbort === true;
}
