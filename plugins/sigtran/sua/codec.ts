// SUA message encoding and decoding (RFC 3868 §3): the common header, then tag-length-value parameters padded to
// 4 octets. One table describes every parameter the gateway knows (its field, tag and value layout) and drives both
// directions; decoding makes views, never copies. Problems are SuaErrors carrying the code an ERR would report.
import { COMMON_HEADER_LENGTH, PARAM_HEADER_LENGTH, UA_VERSION as SUA_VERSION, UaError, paramSize, writeCommonHeader } from '../ua/framing.js';
import { ErrorCode, ErrorCodes, Param, SuaClass } from './constants.js';

const RETURN_ON_ERROR = 0x80;
const CLASS_MASK = 0x03;
const FIRST_SEGMENT = 0x80;
const REMAINING_MASK = 0x0f;

export class SuaError extends UaError {
  constructor(code: number, reason: string, offset = 0) {
    super('SUA', ErrorCodes, code, reason, offset);
    this.name = 'SuaError';
  }
}

/** The parameters of a message; only those present are set. Addresses are the encoded parameter values (address.ts). */
export interface SuaParams {
  status?: { type: number; info: number };
  errorCode?: number;
  trafficMode?: number;
  aspId?: number;
  routingContexts?: readonly number[];
  networkAppearance?: number;
  /** Affected point codes (mask, pc). */
  affected?: ReadonlyArray<{ mask: number; pc: number }>;
  ssn?: number;
  userCause?: { cause: number; user: number };
  congestionLevel?: number;
  smi?: number;
  protocolClass?: { protocolClass: number; returnOnError: boolean };
  /** SCCP cause: type (CauseType) and value (for a CLDR, a Q.713 return cause). */
  cause?: { type: number; value: number };
  source?: Uint8Array;
  destination?: Uint8Array;
  sequenceControl?: number;
  hopCount?: number;
  importance?: number;
  priority?: number;
  correlationId?: number;
  segmentation?: { first: boolean; remaining: number; reference: number };
  data?: Uint8Array;
  heartbeat?: Uint8Array;
  infoString?: string;
  diagnostic?: Uint8Array;
}

/** A decoded SUA message. */
export interface SuaMessage extends SuaParams {
  cls: number;
  type: number;
  /** Unknown parameter tags seen (kept for diagnostics). */
  unknown?: number[];
}

type Key = keyof SuaParams;

/** How one parameter's value is laid out: its length for a value, writing it, reading it back. */
interface Layout<T> {
  size(v: T): number;
  write(b: Buffer, o: number, v: T): void;
  read(buf: Uint8Array, vs: number, vlen: number): T;
}

function u32(buf: Uint8Array, p: number): number {
  return ((buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!) >>> 0;
}

function exact<T>(n: number, read: (buf: Uint8Array, vs: number) => T): Layout<T>['read'] {
  return (buf, vs, vlen) => {
    if (vlen !== n) throw new SuaError(ErrorCode.ParameterFieldError, `value of ${vlen} octets (expected ${n})`);
    return read(buf, vs);
  };
}

const U32: Layout<number> = { size: () => 4, write: (b, o, v) => b.writeUInt32BE(v >>> 0, o), read: exact(4, u32) };
/** A value in the last octet of 32 bits (SSN, SMI, hop count, importance, priority). */
const U8: Layout<number> = { size: () => 4, write: (b, o, v) => b.writeUInt32BE(v & 0xff, o), read: exact(4, (buf, vs) => buf[vs + 3]!) };
const PAIR16: Layout<{ type: number; info: number }> = {
  size: () => 4,
  write: (b, o, v) => (b.writeUInt16BE(v.type, o), b.writeUInt16BE(v.info, o + 2)),
  read: exact(4, (buf, vs) => ({ type: (buf[vs]! << 8) | buf[vs + 1]!, info: (buf[vs + 2]! << 8) | buf[vs + 3]! })),
};
const USER_CAUSE: Layout<{ cause: number; user: number }> = {
  size: () => 4,
  write: (b, o, v) => (b.writeUInt16BE(v.cause, o), b.writeUInt16BE(v.user, o + 2)),
  read: exact(4, (buf, vs) => ({ cause: (buf[vs]! << 8) | buf[vs + 1]!, user: (buf[vs + 2]! << 8) | buf[vs + 3]! })),
};
const BYTES: Layout<Uint8Array> = { size: (v) => v.length, write: (b, o, v) => b.set(v, o), read: (buf, vs, vlen) => buf.subarray(vs, vs + vlen) };
const TEXT: Layout<string> = {
  size: (v) => Buffer.byteLength(v),
  write: (b, o, v) => b.write(v, o, 'utf8'),
  read: (buf, vs, vlen) => new TextDecoder().decode(buf.subarray(vs, vs + vlen)),
};

function list32<T>(to: (v: T) => number, from: (v: number) => T): Layout<readonly T[]> {
  return {
    size: (v) => 4 * v.length,
    write: (b, o, v) => v.forEach((x, i) => b.writeUInt32BE(to(x) >>> 0, o + 4 * i)),
    read: (buf, vs, vlen) => {
      if (vlen === 0 || vlen % 4) throw new SuaError(ErrorCode.ParameterFieldError, `list of ${vlen} octets is not a multiple of 4`);
      const out: T[] = [];
      for (let i = 0; i < vlen; i += 4) out.push(from(u32(buf, vs + i)));
      return out;
    },
  };
}

const PROTOCOL_CLASS: Layout<{ protocolClass: number; returnOnError: boolean }> = {
  size: () => 4,
  write: (b, o, v) => b.writeUInt32BE((v.protocolClass & CLASS_MASK) | (v.returnOnError ? RETURN_ON_ERROR : 0), o),
  read: exact(4, (buf, vs) => ({ protocolClass: buf[vs + 3]! & CLASS_MASK, returnOnError: (buf[vs + 3]! & RETURN_ON_ERROR) !== 0 })),
};
const CAUSE: Layout<{ type: number; value: number }> = {
  size: () => 4,
  write: (b, o, v) => b.writeUInt32BE(((v.type & 0xff) << 8) | (v.value & 0xff), o),
  read: exact(4, (buf, vs) => ({ type: buf[vs + 2]!, value: buf[vs + 3]! })),
};
const SEGMENTATION: Layout<{ first: boolean; remaining: number; reference: number }> = {
  size: () => 4,
  write: (b, o, v) => b.writeUInt32BE((((v.first ? FIRST_SEGMENT : 0) | (v.remaining & REMAINING_MASK)) << 24 | (v.reference & 0xffffff)) >>> 0, o),
  read: exact(4, (buf, vs) => ({ first: (buf[vs]! & FIRST_SEGMENT) !== 0, remaining: buf[vs]! & REMAINING_MASK, reference: u32(buf, vs) & 0xffffff })),
};

/** One parameter: the message field it fills, its tag, its value's layout. */
interface Field {
  readonly key: Key;
  readonly tag: number;
  readonly layout: Layout<unknown>;
}

function field<K extends Key>(key: K, tag: number, layout: Layout<NonNullable<SuaParams[K]>>): Field {
  return { key, tag, layout: layout as Layout<unknown> };
}

/**
 * Every parameter, in the order encodeSua writes them: the order RFC 3868 lists them in for each message (ASPAC:
 * traffic mode, RC; NTFY: status, ASP id, RC; ERR: code, RC, NA, APC, diagnostic; DUNA: RC, APC, SSN, SMI; CLDT:
 * RC, class, source, destination, sequence control, hop count, importance, priority, correlation, segmentation,
 * data; CLDR: RC, cause, source, destination, hop count, ..., data), which tshark and the peers expect.
 */
const FIELDS: readonly Field[] = [
  field('status', Param.Status, PAIR16),
  field('errorCode', Param.ErrorCode, U32),
  field('trafficMode', Param.TrafficModeType, U32),
  field('aspId', Param.AspIdentifier, U32),
  field('routingContexts', Param.RoutingContext, list32<number>((v) => v, (v) => v)),
  field('networkAppearance', Param.NetworkAppearance, U32),
  field('affected', Param.AffectedPointCode, list32<{ mask: number; pc: number }>((a) => ((a.mask & 0xff) << 24) | (a.pc & 0xffffff), (v) => ({ mask: v >>> 24, pc: v & 0xffffff }))),
  field('ssn', Param.Ssn, U8),
  field('userCause', Param.UserCause, USER_CAUSE),
  field('congestionLevel', Param.CongestionLevel, U32),
  field('smi', Param.Smi, U8),
  field('protocolClass', Param.ProtocolClass, PROTOCOL_CLASS),
  field('cause', Param.SccpCause, CAUSE),
  field('source', Param.SourceAddress, BYTES),
  field('destination', Param.DestinationAddress, BYTES),
  field('sequenceControl', Param.SequenceControl, U32),
  field('hopCount', Param.HopCount, U8),
  field('importance', Param.Importance, U8),
  field('priority', Param.MessagePriority, U8),
  field('correlationId', Param.CorrelationId, U32),
  field('segmentation', Param.Segmentation, SEGMENTATION),
  field('data', Param.Data, BYTES),
  field('heartbeat', Param.HeartbeatData, BYTES),
  field('infoString', Param.InfoString, TEXT),
  field('diagnostic', Param.DiagnosticInfo, BYTES),
];

const BY_TAG = new Map(FIELDS.map((f) => [f.tag, f]));

/** Encode a SUA message with the parameters given. */
export function encodeSua(cls: number, type: number, p: SuaParams = {}): Buffer {
  const values = p as Record<Key, unknown>;
  let size = COMMON_HEADER_LENGTH;
  for (const { key, layout } of FIELDS) {
    const v = values[key];
    if (v !== undefined) size += paramSize(layout.size(v));
  }
  const b = Buffer.alloc(size);
  writeCommonHeader(b, cls, type, size);
  let o = COMMON_HEADER_LENGTH;
  for (const { key, tag, layout } of FIELDS) {
    const v = values[key];
    if (v === undefined) continue;
    const vlen = layout.size(v);
    b.writeUInt16BE(tag, o);
    b.writeUInt16BE(PARAM_HEADER_LENGTH + vlen, o + 2);
    layout.write(b, o + PARAM_HEADER_LENGTH, v);
    o += paramSize(vlen);
  }
  return b;
}

const CLASSES = new Set<number>(Object.values(SuaClass));

/** Decode one SUA message (the whole PDU). Throws SuaError. */
export function decodeSua(buf: Uint8Array): SuaMessage {
  if (buf.length < COMMON_HEADER_LENGTH) throw new SuaError(ErrorCode.ProtocolError, `message of ${buf.length} octets is shorter than the common header`);
  if (buf[0] !== SUA_VERSION) throw new SuaError(ErrorCode.InvalidVersion, `version ${buf[0]} (expected ${SUA_VERSION})`);
  const len = u32(buf, 4);
  if (len !== buf.length) throw new SuaError(ErrorCode.ParameterFieldError, `header length ${len} but the message has ${buf.length} octets`, 4);
  const m: SuaMessage = { cls: buf[2]!, type: buf[3]! };
  if (!CLASSES.has(m.cls)) throw new SuaError(ErrorCode.UnsupportedClass, `message class ${m.cls}`, 2);
  const out = m as unknown as Record<Key, unknown>;
  let p = COMMON_HEADER_LENGTH;
  while (p < len) {
    if (len - p < PARAM_HEADER_LENGTH) throw new SuaError(ErrorCode.ParameterFieldError, `${len - p} octet(s) left, too few for a parameter header`, p);
    const tag = (buf[p]! << 8) | buf[p + 1]!;
    const plen = (buf[p + 2]! << 8) | buf[p + 3]!;
    const name = `parameter 0x${tag.toString(16).padStart(4, '0')}`;
    if (plen < PARAM_HEADER_LENGTH || p + plen > len) throw new SuaError(ErrorCode.ParameterFieldError, `${name} length ${plen} overruns the message`, p + 2);
    const field = BY_TAG.get(tag);
    if (!field) (m.unknown ??= []).push(tag);
    else {
      try {
        out[field.key] = field.layout.read(buf, p + PARAM_HEADER_LENGTH, plen - PARAM_HEADER_LENGTH);
      } catch (e) {
        if (e instanceof SuaError) throw new SuaError(e.code, `${field.key} (${name}): ${e.reason}`, p);
        throw e;
      }
    }
    p += (plen + 3) & ~3;
  }
  return m;
}
