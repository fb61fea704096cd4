// The error catalogue: the only place JSON-RPC error codes are defined. docs/errors.md lists the same codes,
// and test/core/errors.test.ts keeps the two in step.

export const ErrorCode = {
  /** General: unparsable JSON, not a JSON-RPC 2.0 request, frame too large, internal fault. */
  General: 1000,
  /** Unknown method (the message names it). */
  UnknownMethod: 1001,
  /** run_id missing or empty. */
  RunIdMissing: 2000,
  /** run_id in use (running or still retained). */
  RunIdInUse: 2001,
  /** Test Run cannot be created: invalid params, unknown operation type, bad expression, unresolved label, ... */
  CannotCreate: 2002,
  /** Test Run cannot be started: a lock is held, a gateway is not connected, too many runs. */
  CannotStart: 2003,
  /** run_id not known. */
  RunIdUnknown: 2004,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every code with its one-line meaning, as documented in docs/errors.md. */
export const errorCatalogue: ReadonlyArray<{ code: ErrorCodeValue; name: keyof typeof ErrorCode; meaning: string }> = [
  { code: 1000, name: 'General', meaning: 'General error: unparsable JSON, not a JSON-RPC 2.0 request, frame too large, read timeout, internal fault' },
  { code: 1001, name: 'UnknownMethod', meaning: 'Unknown method; the message names it' },
  { code: 2000, name: 'RunIdMissing', meaning: 'Test Run ID not specified (run_id missing or empty)' },
  { code: 2001, name: 'RunIdInUse', meaning: 'Test Run ID already in use (running, or completed and still retained)' },
  { code: 2002, name: 'CannotCreate', meaning: 'Test Run cannot be created: invalid params (the message names the JSON path), unknown operation type, bad expression, unresolved label, out-of-range value, unknown gateway instance' },
  { code: 2003, name: 'CannotStart', meaning: 'Test Run cannot be started: a lock is held (the message names the key), a gateway instance is not connected (named), too many runs' },
  { code: 2004, name: 'RunIdUnknown', meaning: 'Test Run ID not known (QueryTest, CancelTest)' },
];

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
