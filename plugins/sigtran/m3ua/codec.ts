// M3UA message encoding and decoding. Decoding is one pass over the parameters with no copies (views); every
// problem is an M3uaError carrying the M3UA error code an ERR message would report.
import { COMMON_HEADER_LENGTH as HEADER_LENGTH, PARAM_HEADER_LENGTH as TL_LENGTH, UA_VERSION, UaError, paramSize, writeCommonHeader } from '../ua/framing.js';
import { ErrorCode, ErrorCodes, M3uaClass, Param, TransferType } from './constants.js';

/** The shared framing's numbers as this module's own constants: the DATA writer and the decoder (the bench's hot
 *  path) read them as before. */
const M3UA_VERSION = UA_VERSION;
const COMMON_HEADER_LENGTH = HEADER_LENGTH;
const PARAM_HEADER_LENGTH = TL_LENGTH;
/** A parameter of one 32-bit value (NA, RC) in all; the routing label of DATA. */
const FIXED32_PARAM_LENGTH = 8;
const ROUTING_LABEL_LENGTH = 12;

export class M3uaError extends UaError {
  constructor(code: number, reason: string, offset = 0) {
    super('M3UA', ErrorCodes, code, reason, offset);
    this.name = 'M3uaError';
  }
}

/** The MTP3 routing label and service octets of a DATA message (RFC 4666 §3.3.1). */
interface RoutingLabel {
  opc: number;
  dpc: number;
  /** Service indicator (ServiceIndicator.SCCP). */
  si: number;
  /** Network indicator (0 international, 2 national). */
  ni: number;
  /** Message priority. */
  mp: number;
  sls: number;
}

/** The routing label and payload of a received DATA message. */
export interface ProtocolData extends RoutingLabel {
  /** User part (SCCP) bytes: a view into the decoded buffer. */
  data: Uint8Array;
}

/** What a DATA message carries besides its user data: the optional network appearance and routing context, and the label. */
export interface DataHeader extends RoutingLabel {
  routingContext?: number;
  networkAppearance?: number;
}

/** A decoded M3UA message; only the parameters present are set. */
export interface M3uaMessage {
  cls: number;
  type: number;
  routingContexts?: number[];
  networkAppearance?: number;
  trafficMode?: number;
  aspId?: number;
  infoString?: string;
  errorCode?: number;
  diagnostic?: Uint8Array;
  status?: { type: number; info: number };
  heartbeat?: Uint8Array;
  /** Affected point codes (mask, pc). */
  affected?: Array<{ mask: number; pc: number }>;
  correlationId?: number;
  userCause?: { cause: number; user: number };
  concernedDestination?: number;
  protocolData?: ProtocolData;
  /** Unknown parameter tags seen (kept for diagnostics). */
  unknown?: number[];
}

/** Decode one M3UA message (the whole PDU). Throws M3uaError. */
export function decodeM3ua(buf: Uint8Array): M3uaMessage {
  if (buf.length < COMMON_HEADER_LENGTH) throw new M3uaError(ErrorCode.ProtocolError, `message of ${buf.length} octets is shorter than the common header`);
  if (buf[0] !== M3UA_VERSION) throw new M3uaError(ErrorCode.InvalidVersion, `version ${buf[0]} (expected ${M3UA_VERSION})`, 0);
  const cls = buf[2]!;
  const type = buf[3]!;
  const len = ((buf[4]! << 24) | (buf[5]! << 16) | (buf[6]! << 8) | buf[7]!) >>> 0;
  if (len !== buf.length) throw new M3uaError(ErrorCode.ParameterFieldError, `header length ${len} but the message has ${buf.length} octets`, 4);
  if (cls !== 0 && cls !== 1 && cls !== 2 && cls !== 3 && cls !== 4 && cls !== 9) throw new M3uaError(ErrorCode.UnsupportedClass, `message class ${cls}`, 2);
  const m: M3uaMessage = { cls, type };
  let p = COMMON_HEADER_LENGTH;
  while (p < len) {
    if (len - p < 4) throw new M3uaError(ErrorCode.ParameterFieldError, `${len - p} octet(s) left, too few for a parameter header`, p);
    const tag = (buf[p]! << 8) | buf[p + 1]!;
    const plen = (buf[p + 2]! << 8) | buf[p + 3]!;
    if (plen < 4 || p + plen > len) throw new M3uaError(ErrorCode.ParameterFieldError, `parameter 0x${tag.toString(16).padStart(4, '0')} length ${plen} overruns the message`, p + 2);
    const vs = p + 4;
    const vlen = plen - 4;
    const one = FIXED32.get(tag);
    if (one) m[one[0]] = fixed32(buf, vs, vlen, p, one[1]);
    else switch (tag) {
      case Param.RoutingContext:
        m.routingContexts = list32(buf, vs, vlen, p, 'routing context', (v) => v);
        break;
      case Param.ConcernedDestination:
        m.concernedDestination = fixed32(buf, vs, vlen, p, 'concerned destination') & 0xffffff;
        break;
      case Param.Status: {
        const [type, info] = pair16(buf, vs, vlen, p, 'status');
        m.status = { type, info };
        break;
      }
      case Param.UserCause: {
        const [cause, user] = pair16(buf, vs, vlen, p, 'user/cause');
        m.userCause = { cause, user };
        break;
      }
      case Param.InfoString:
        m.infoString = new TextDecoder().decode(buf.subarray(vs, vs + vlen));
        break;
      case Param.DiagnosticInfo:
        m.diagnostic = buf.subarray(vs, vs + vlen);
        break;
      case Param.HeartbeatData:
        m.heartbeat = buf.subarray(vs, vs + vlen);
        break;
      case Param.AffectedPointCode:
        m.affected = list32(buf, vs, vlen, p, 'affected point code', (v) => ({ mask: v >>> 24, pc: v & 0xffffff }));
        break;
      case Param.ProtocolData: {
        if (vlen < 12) throw new M3uaError(ErrorCode.ParameterFieldError, `protocol data length ${vlen} is shorter than its 12-octet routing label`, p);
        m.protocolData = {
          opc: u32(buf, vs),
          dpc: u32(buf, vs + 4),
          si: buf[vs + 8]!,
          ni: buf[vs + 9]!,
          mp: buf[vs + 10]!,
          sls: buf[vs + 11]!,
          data: buf.subarray(vs + 12, vs + vlen),
        };
        break;
      }
      default:
        (m.unknown ??= []).push(tag);
    }
    p += (plen + 3) & ~3;
  }
  if (p !== len && p - len > 3) throw new M3uaError(ErrorCode.ParameterFieldError, 'parameter padding overruns the message', len);
  if (cls === M3uaClass.TRANSFER && type === TransferType.DATA && !m.protocolData) {
    throw new M3uaError(ErrorCode.MissingParameter, 'DATA without protocol data', 8);
  }
  return m;
}

function u32(buf: Uint8Array, p: number): number {
  return ((buf[p]! << 24) | (buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!) >>> 0;
}

/** Parameters whose value is one 32-bit number: the message field it goes in and its name for errors. */
const FIXED32 = new Map<number, ['networkAppearance' | 'trafficMode' | 'aspId' | 'errorCode' | 'correlationId', string]>([
  [Param.NetworkAppearance, ['networkAppearance', 'network appearance']],
  [Param.TrafficModeType, ['trafficMode', 'traffic mode type']],
  [Param.AspIdentifier, ['aspId', 'ASP identifier']],
  [Param.ErrorCode, ['errorCode', 'error code']],
  [Param.CorrelationId, ['correlationId', 'correlation id']],
]);

function fixed32(buf: Uint8Array, vs: number, vlen: number, p: number, what: string): number {
  if (vlen !== 4) throw new M3uaError(ErrorCode.ParameterFieldError, `${what} length ${vlen} (expected 4)`, p);
  return u32(buf, vs);
}

/** A value of two 16-bit numbers. */
function pair16(buf: Uint8Array, vs: number, vlen: number, p: number, what: string): [number, number] {
  if (vlen !== 4) throw new M3uaError(ErrorCode.ParameterFieldError, `${what} length ${vlen} (expected 4)`, p);
  return [(buf[vs]! << 8) | buf[vs + 1]!, (buf[vs + 2]! << 8) | buf[vs + 3]!];
}

/** A value of one or more 32-bit numbers, each mapped by `f`. */
function list32<T>(buf: Uint8Array, vs: number, vlen: number, p: number, what: string, f: (v: number) => T): T[] {
  if (vlen === 0 || vlen % 4) throw new M3uaError(ErrorCode.ParameterFieldError, `${what} length ${vlen} is not a multiple of 4`, p);
  const out: T[] = [];
  for (let i = 0; i < vlen; i += 4) out.push(f(u32(buf, vs + i)));
  return out;
}

// ---- encoding ----

/** Parameters for an encoded message (all optional; written in RFC order for each message). */
export interface M3uaParams {
  aspId?: number;
  routingContexts?: readonly number[];
  networkAppearance?: number;
  trafficMode?: number;
  infoString?: string;
  errorCode?: number;
  diagnostic?: Uint8Array;
  status?: { type: number; info: number };
  heartbeat?: Uint8Array;
  affected?: ReadonlyArray<{ mask?: number; pc: number }>;
  correlationId?: number;
  userCause?: { cause: number; user: number };
  concernedDestination?: number;
  protocolData?: ProtocolData;
}

/**
 * Encode any M3UA message. Parameter order: NA, RC, traffic mode/ASP id/affected PC/..., protocol data,
 * correlation id, info string, diagnostic (the order RFC 4666 lists them in, which tshark accepts).
 */
export function encodeM3ua(cls: number, type: number, p: M3uaParams = {}): Uint8Array {
  const info = p.infoString !== undefined ? new TextEncoder().encode(p.infoString) : undefined;
  let size = COMMON_HEADER_LENGTH;
  if (p.aspId !== undefined) size += 8;
  if (p.networkAppearance !== undefined) size += 8;
  if (p.routingContexts?.length) size += 4 + 4 * p.routingContexts.length;
  if (p.trafficMode !== undefined) size += 8;
  if (p.errorCode !== undefined) size += 8;
  if (p.status) size += 8;
  if (p.affected?.length) size += 4 + 4 * p.affected.length;
  if (p.concernedDestination !== undefined) size += 8;
  if (p.userCause) size += 8;
  if (p.heartbeat) size += paramSize(p.heartbeat.length);
  if (p.protocolData) size += paramSize(12 + p.protocolData.data.length);
  if (p.correlationId !== undefined) size += 8;
  if (info) size += paramSize(info.length);
  if (p.diagnostic) size += paramSize(p.diagnostic.length);
  const b = Buffer.alloc(size);
  writeCommonHeader(b, cls, type, size);
  let o = COMMON_HEADER_LENGTH;
  const hdr = (tag: number, vlen: number) => {
    b.writeUInt16BE(tag, o);
    b.writeUInt16BE(4 + vlen, o + 2);
    o += 4;
  };
  const u32p = (tag: number, v: number) => {
    hdr(tag, 4);
    b.writeUInt32BE(v >>> 0, o);
    o += 4;
  };
  const u16pair = (tag: number, x: number, y: number) => {
    hdr(tag, 4);
    b.writeUInt16BE(x, o);
    b.writeUInt16BE(y, o + 2);
    o += 4;
  };
  const u32list = (tag: number, vs: readonly number[]) => {
    hdr(tag, 4 * vs.length);
    for (const v of vs) {
      b.writeUInt32BE(v, o);
      o += 4;
    }
  };
  const bytesp = (tag: number, v: Uint8Array) => {
    hdr(tag, v.length);
    b.set(v, o);
    o += (v.length + 3) & ~3;
  };
  if (p.aspId !== undefined && cls === M3uaClass.ASPSM) u32p(Param.AspIdentifier, p.aspId);
  if (p.networkAppearance !== undefined) u32p(Param.NetworkAppearance, p.networkAppearance);
  if (p.trafficMode !== undefined) u32p(Param.TrafficModeType, p.trafficMode);
  if (p.routingContexts?.length) u32list(Param.RoutingContext, p.routingContexts.map((rc) => rc >>> 0));
  if (p.aspId !== undefined && cls !== M3uaClass.ASPSM) u32p(Param.AspIdentifier, p.aspId);
  if (p.errorCode !== undefined) u32p(Param.ErrorCode, p.errorCode);
  if (p.status) u16pair(Param.Status, p.status.type, p.status.info);
  if (p.affected?.length) u32list(Param.AffectedPointCode, p.affected.map((a) => (((a.mask ?? 0) & 0xff) << 24 | (a.pc & 0xffffff)) >>> 0));
  if (p.concernedDestination !== undefined) u32p(Param.ConcernedDestination, p.concernedDestination & 0xffffff);
  if (p.userCause) u16pair(Param.UserCause, p.userCause.cause, p.userCause.user);
  if (p.heartbeat) bytesp(Param.HeartbeatData, p.heartbeat);
  if (p.protocolData) {
    const pd = p.protocolData;
    hdr(Param.ProtocolData, ROUTING_LABEL_LENGTH + pd.data.length);
    writeRoutingLabel(b, o, pd);
    b.set(pd.data, o + ROUTING_LABEL_LENGTH);
    o += (ROUTING_LABEL_LENGTH + pd.data.length + 3) & ~3;
  }
  if (p.correlationId !== undefined) u32p(Param.CorrelationId, p.correlationId);
  if (info) bytesp(Param.InfoString, info);
  if (p.diagnostic) bytesp(Param.DiagnosticInfo, p.diagnostic);
  return b;
}

/** Octets before the user data of a DATA message: common header, NA and RC when present, protocol-data header and label. */
export function dataOffset(h: Pick<DataHeader, 'routingContext' | 'networkAppearance'>): number {
  const optional = (h.networkAppearance !== undefined ? FIXED32_PARAM_LENGTH : 0) + (h.routingContext !== undefined ? FIXED32_PARAM_LENGTH : 0);
  return COMMON_HEADER_LENGTH + optional + PARAM_HEADER_LENGTH + ROUTING_LABEL_LENGTH;
}

/** Total length of a DATA message under `h` with `payloadLen` octets of user data (padded to 4). */
export function dataLength(h: Pick<DataHeader, 'routingContext' | 'networkAppearance'>, payloadLen: number): number {
  return dataOffset(h) + ((payloadLen + 3) & ~3);
}

/**
 * Write the DATA header `h` (common header, NA, RC, protocol-data label) into `b` (of exactly dataLength() octets)
 * and zero the padding; returns the offset where the `payloadLen` octets of user data go. No allocation.
 */
export function writeDataHeader(b: Buffer, h: DataHeader, payloadLen: number): number {
  const size = b.length;
  b[0] = M3UA_VERSION;
  b[1] = 0; // reserved
  b[2] = M3uaClass.TRANSFER;
  b[3] = TransferType.DATA;
  b.writeUInt32BE(size, 4);
  let o = COMMON_HEADER_LENGTH;
  if (h.networkAppearance !== undefined) o = writeFixed32(b, o, Param.NetworkAppearance, h.networkAppearance);
  if (h.routingContext !== undefined) o = writeFixed32(b, o, Param.RoutingContext, h.routingContext);
  b.writeUInt16BE(Param.ProtocolData, o);
  b.writeUInt16BE(PARAM_HEADER_LENGTH + ROUTING_LABEL_LENGTH + payloadLen, o + 2);
  o += PARAM_HEADER_LENGTH;
  writeRoutingLabel(b, o, h);
  o += ROUTING_LABEL_LENGTH;
  for (let i = o + payloadLen; i < size; i++) b[i] = 0;
  return o;
}

/** The 12 octets of the routing label: OPC, DPC, SI, NI, MP, SLS. */
function writeRoutingLabel(b: Buffer, o: number, label: RoutingLabel): void {
  b.writeUInt32BE(label.opc >>> 0, o);
  b.writeUInt32BE(label.dpc >>> 0, o + 4);
  b[o + 8] = label.si;
  b[o + 9] = label.ni;
  b[o + 10] = label.mp;
  b[o + 11] = label.sls;
}

function writeFixed32(b: Buffer, o: number, tag: number, value: number): number {
  b.writeUInt16BE(tag, o);
  b.writeUInt16BE(FIXED32_PARAM_LENGTH, o + 2);
  b.writeUInt32BE(value >>> 0, o + 4);
  return o + FIXED32_PARAM_LENGTH;
}

/**
 * DATA with the payload written by `write(buf, offset)` straight into the message (no copy of the SCCP message).
 * `payloadLen` must be exact.
 */
export function encodeData(h: DataHeader, payloadLen: number, write: (buf: Uint8Array, offset: number) => void): Buffer {
  const b = Buffer.allocUnsafe(dataLength(h, payloadLen));
  write(b, writeDataHeader(b, h, payloadLen));
  return b;
}
