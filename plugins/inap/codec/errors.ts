// The CAP errors (TS 29.078 §5.4, CAP-errorcodes; the INAP CS-1 codes are the same numbers, ETS 300 374-1): codes by
// name, and the parameters of the errors that carry one (CAP-errortypes). An error given by name may leave its
// parameter out: the parameter is mandatory on the wire, so the first value of its type is sent.
import { decodeArg, encodeArg, enm, f, seq, type ArgType, type DecodeResult } from '../../sigtran/codec/index.js';
import { InvokeID } from './common.js';

export const CAP_ERRORS: Readonly<Record<string, number>> = {
  canceled: 0, cancelFailed: 1, eTCFailed: 3, improperCallerResponse: 4, missingCustomerRecord: 6, missingParameter: 7, parameterOutOfRange: 8,
  requestedInfoError: 10, systemFailure: 11, taskRefused: 12, unavailableResource: 13, unexpectedComponentSequence: 14, unexpectedDataValue: 15,
  unexpectedParameter: 16, unknownLegID: 17, unknownPDPID: 50, unknownCSID: 51,
};

/** The parameter of each error that has one, and the value sent when the definition gives none. */
const PARAMS: Readonly<Record<string, { at: ArgType; dflt: Record<string, unknown> }>> = {
  cancelFailed: {
    at: { ty: seq(f('problem', 0, enm({ 0: 'unknownOperation', 1: 'tooLate', 2: 'operationNotCancellable' })), f('operation', 1, InvokeID)) },
    dflt: { problem: 'unknownOperation', operation: 0 },
  },
  requestedInfoError: { at: { name: 'requestedInfoError', ty: enm({ 1: 'unknownRequestedInfo', 2: 'requestedInfoNotAvailable' }) }, dflt: { requestedInfoError: 'unknownRequestedInfo' } },
  systemFailure: {
    at: { name: 'unavailableNetworkResource', ty: enm({ 0: 'unavailableResources', 1: 'componentFailure', 2: 'basicCallProcessingException', 3: 'resourceStatusFailure', 4: 'endUserFailure' }) },
    dflt: { unavailableNetworkResource: 'unavailableResources' },
  },
  taskRefused: { at: { name: 'taskRefused', ty: enm({ 0: 'generic', 1: 'unobtainable', 2: 'congestion' }) }, dflt: { taskRefused: 'generic' } },
};

const BY_CODE = new Map(Object.entries(CAP_ERRORS).map(([k, v]) => [v, k] as const));
const BY_LOWER = new Map(Object.keys(CAP_ERRORS).map((k) => [k.toLowerCase(), k] as const));

/** An error given by name (case-insensitive: `taskRefused`, `taskrefused`) or by code. */
export function resolveCapError(v: unknown): { code: number; name: string | undefined } | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return { code: v, name: BY_CODE.get(v) };
  if (typeof v !== 'string') return undefined;
  if (/^\s*\d+\s*$/.test(v)) return resolveCapError(Number(v));
  const name = BY_LOWER.get(v.toLowerCase());
  return name === undefined ? undefined : { code: CAP_ERRORS[name]!, name };
}

export const capErrorName = (code: number): string | undefined => BY_CODE.get(code);

/** The encoded parameter of error `code` (none for the errors without one). */
export function encodeErrorParameter(code: number, fields: Record<string, unknown>): Uint8Array | undefined {
  const p = PARAMS[BY_CODE.get(code) ?? ''];
  if (!p) return undefined;
  return encodeArg(p.at, Object.keys(fields).length ? fields : p.dflt);
}

/** The decoded parameter of error `code`; an error without a known parameter type gives its bytes as `parameter_hex`. */
export function decodeErrorParameter(code: number | undefined, bytes: Uint8Array | undefined): DecodeResult {
  if (!bytes) return { ok: true, fields: {} };
  const p = PARAMS[BY_CODE.get(code ?? -1) ?? ''];
  return p ? decodeArg(p.at, bytes) : { ok: true, fields: { parameter_hex: Buffer.from(bytes).toString('hex') } };
}

/** The field names the parameter of error `name` takes (for the schema of the `…Error` types). */
export const ERROR_PARAMETER_FIELDS: readonly string[] = [...new Set(Object.values(PARAMS).flatMap((p) => Object.keys(p.dflt)))];
