// The decoders under fuzz, each with a corpus of valid messages built by the project's own encoders and the one
// error type it may throw (test/helpers/fuzz.ts mutates the corpus; the suites and `npm run fuzz` run them).
import {
  BerError,
  BerWriter,
  TagClass,
  Universal,
  children,
  decodeBigInt,
  decodeBitString,
  decodeBoolean,
  decodeInteger,
  decodeNull,
  decodeOctets,
  decodeOid,
  decodeString,
  dumpBer,
  readTlv,
  type Tlv,
} from '../../plugins/sigtran/ber/index.js';
import { resolveAc } from '../../plugins/sigtran/ac.js';
import { M3uaError, decodeM3ua, encodeM3ua, encodeData } from '../../plugins/sigtran/m3ua/codec.js';
import { AspsmType, AsptmType, M3uaClass, MgmtType, SsnmType } from '../../plugins/sigtran/m3ua/constants.js';
import { SccpError, encodeAddress } from '../../plugins/sigtran/sccp/address.js';
import { decodeSccp, encodeSccp, writeXudtSegment, xudtSegmentLength } from '../../plugins/sigtran/sccp/codec.js';
import { TcapError, decodeTcap, encodeTcap, type OutTcap } from '../../plugins/sigtran/tcap/codec.js';
import { ARG_TYPES, RESULT_TYPES, argType } from '../../plugins/inap/codec/args.js';
import { CodecError, decodeArg, encodeArg, type ArgType } from '../../plugins/sigtran/codec/index.js';
import { VARIANTS, type Variant } from '../../plugins/inap/codec/variants.js';
import { outboundFields } from '../../plugins/inap/runtime/prepare-args.js';
import { DiameterCodecError } from '../../plugins/diameter/codec/errors.js';
import { encodeMessage } from '../../plugins/diameter/codec/message.js';
import { readAvps, type RawAvp } from '../../plugins/diameter/codec/avp.js';
import { ValueError, decodeValue } from '../../plugins/diameter/codec/types.js';
import { encodeItems, type AvpItem } from '../../plugins/diameter/codec/view.js';
import { Dictionary } from '../../plugins/diameter/dictionary/dictionary.js';
import { decode as decodeDiameter } from '../../plugins/diameter/runtime/decoded.js';
import { Framer } from '../../plugins/diameter/peer/framer.js';
import { sample, PACUI_RESULT } from '../plugins/inap/fixtures/samples.js';
import { MAP_OPERATIONS, type MapOperation } from '../../plugins/map/catalogue.js';
import type { WireKind } from '../../plugins/sigtran/user/index.js';
import { decodeMessage as decodeMapMessage, encodeMessage as encodeMapMessage } from '../../plugins/map/codec/message.js';
import { TpduError, decodeTpdu, encodeTpdu, type TpduDirection } from '../../plugins/map/codec/tpdu.js';
import { TextError } from '../../plugins/map/codec/text.js';
import { INVOKES as MAP_INVOKES, RESULTS as MAP_RESULTS, ERRORS as MAP_ERRORS, sampleOf as mapSampleOf } from '../plugins/map/fixtures/samples.js';
import { CAP_BEGIN, CAP_DATA, ASPAC, ADDR_GT, ADDR_SSN } from '../plugins/sigtran/vectors.js';
import type { FuzzTarget, Layout, LengthField, Unit } from './fuzz.js';
import '../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

// ---------------------------------------------------------------------------------------------------- TCAP corpus

const w = new BerWriter();
const tcap = (m: OutTcap) => encodeTcap(w, m).slice();
const camel2 = resolveAc('camel2')!;
/** An operation's sample argument (the flattened form the operations take) encoded as the codec does on send. */
const arg = (op: string, v: Variant, result = false) => encodeArg(argType(op, v, result)!, result ? PACUI_RESULT : outboundFields(op, v, sample(op, v) ?? {}));
const IDP = arg('InitialDP', 'camel2');
const RC = arg('ReleaseCall', 'camel2');
const RRB = arg('RequestReportBCSMEvent', 'camel2');
const TID = Uint8Array.of(0, 0, 0, 7);

/** Begin/Continue/End/Abort with dialogue portions (AARQ, AARE, ABRT) and every component type. */
export const TCAP_CORPUS: readonly Uint8Array[] = [
  CAP_BEGIN.slice(),
  tcap({ kind: 'begin', otid: 1, dialogue: { type: 'aarq', ac: camel2 }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0, argument: IDP } }] }),
  tcap({ kind: 'continue', otid: 2, dtid: TID, dialogue: { type: 'aare', ac: camel2, result: 0, diagSource: 'user', diag: 0 }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 23, argument: RRB } }, { t: 'invoke', s: { invokeId: 2, linkedId: 1, opcode: 31 } }] }),
  tcap({ kind: 'end', dtid: TID, components: [{ t: 'invoke', s: { invokeId: 3, opcode: 22, argument: RC } }, { t: 'result', s: { invokeId: 1, opcode: 48, result: Uint8Array.of(0x30, 0x03, 0x80, 0x01, 0x31) } }, { t: 'result', s: { invokeId: 2, last: false } }] }),
  tcap({ kind: 'end', dtid: TID, components: [{ t: 'error', s: { invokeId: 1, errorCode: 7, parameter: Uint8Array.of(0x0a, 0x01, 0x02) } }, { t: 'reject', s: { invokeId: null, problem: 'general', code: 2 } }, { t: 'reject', s: { invokeId: 4, problem: 'invoke', code: 1 } }] }),
  tcap({ kind: 'abort', dtid: TID, pAbortCause: 2 }),
  tcap({ kind: 'abort', dtid: TID, dialogue: { type: 'abrt', source: 0, userInformation: Uint8Array.of(0x28, 0x00) } }),
  tcap({ kind: 'abort', dtid: TID, dialogue: { type: 'aare', ac: camel2, result: 1, diagSource: 'user', diag: 2 } }),
  tcap({ kind: 'unidirectional', dialogue: { type: 'aarq', ac: camel2 }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: '0.4.0.0.1.0.50.1' } }] }),
];

// ---------------------------------------------------------------------------------------------------- BER

/**
 * Decode every TLV of a BER value the way the protocol decoders do: walk the tree, decode each universal primitive, and
 * concatenate each segmented string (once, at its outermost level: the decoder reads its segments itself).
 */
function walkBer(buf: Uint8Array, t: Tlv, depth: number, inString = false): void {
  if (t.constructed) {
    const str = t.cls === TagClass.Universal && (t.tagNumber === Universal.OctetString || t.tagNumber === Universal.Utf8String || t.tagNumber === Universal.IA5String);
    if (str && !inString) {
      decodeString(buf, t);
      decodeOctets(buf, t);
    }
    if (depth < 256) for (const c of children(buf, t)) walkBer(buf, c, depth + 1, inString || str);
    return;
  }
  if (t.cls !== TagClass.Universal) return;
  switch (t.tagNumber) {
    case Universal.Boolean:
      decodeBoolean(buf, t);
      return;
    case Universal.Integer:
    case Universal.Enumerated:
      decodeBigInt(buf, t);
      if (t.valueEnd - t.valueStart <= 6) decodeInteger(buf, t);
      return;
    case Universal.BitString:
      decodeBitString(buf, t);
      return;
    case Universal.Null:
      decodeNull(buf, t);
      return;
    case Universal.ObjectIdentifier:
      decodeOid(buf, t);
      return;
    case Universal.OctetString:
    case Universal.IA5String:
    case Universal.Utf8String:
      decodeString(buf, t);
      return;
  }
}

export const berTarget: FuzzTarget = {
  name: 'ber',
  ber: true,
  corpus: [...TCAP_CORPUS, IDP, RC, RRB, Uint8Array.of(0x24, 0x80, 0x04, 0x02, 0x41, 0x42, 0x24, 0x03, 0x04, 0x01, 0x43, 0x00, 0x00), Uint8Array.of(0x03, 0x02, 0x07, 0x80, 0x01, 0x01, 0xff, 0x05, 0x00)],
  decode(b) {
    const dump = dumpBer(b); // never throws by contract
    if (!Array.isArray(dump)) return 'dumpBer returned no array';
    let p = 0;
    while (p < b.length) {
      const t = readTlv(b, p);
      walkBer(b, t, 0);
      p = t.end;
    }
  },
  typed: (e) => e instanceof BerError,
};

// ---------------------------------------------------------------------------------------------------- TCAP

export const tcapTarget: FuzzTarget = {
  name: 'tcap',
  ber: true,
  corpus: TCAP_CORPUS,
  maxLen: 4096,
  decode(b) {
    const d = decodeTcap(b);
    if (!d.kind) return 'decoded without a kind';
  },
  typed: (e) => e instanceof TcapError,
};

// ---------------------------------------------------------------------------------------------------- SCCP

const GT_ADDR = encodeAddress({ ri: 'gt', ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, nai: 4 } });
const GT1_ADDR = encodeAddress({ ri: 'gt', gt: { gti: 1, digits: '12345', nai: 4 } });
const GT2_ADDR = encodeAddress({ ri: 'gt', pc: 77, gt: { gti: 2, digits: '1234', tt: 9 } });
const SSN_ADDR = encodeAddress({ ri: 'ssn', pc: 1234, ssn: 146 });
const segment = (first: boolean, remaining: number) => {
  const b = new Uint8Array(xudtSegmentLength({ called: SSN_ADDR, calling: GT_ADDR }, 40));
  writeXudtSegment(b, 0, { xudt: true, protocolClass: 1, returnOnError: true, called: SSN_ADDR, calling: GT_ADDR }, CAP_BEGIN.subarray(0, 40), { first, remaining, reference: 0x123456 });
  return b;
};

export const SCCP_CORPUS: readonly Uint8Array[] = [
  CAP_DATA.slice(0x20, 0x20 + 0x71 - 16),
  encodeSccp({ xudt: false, protocolClass: 1, returnOnError: true, called: SSN_ADDR, calling: GT_ADDR }, CAP_BEGIN),
  encodeSccp({ xudt: true, protocolClass: 0, returnOnError: false, called: GT_ADDR, calling: GT1_ADDR }, CAP_BEGIN),
  encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: GT2_ADDR, calling: SSN_ADDR, returnCause: 3 }, CAP_BEGIN),
  encodeSccp({ xudt: true, protocolClass: 0, returnOnError: false, called: ADDR_GT, calling: ADDR_SSN, returnCause: 1 }, CAP_BEGIN),
  segment(true, 2),
  segment(false, 0),
];

/** SCCP length fields: the pointers (base = the pointer octet, end = the length octet) and the parameter lengths. */
function sccpLayout(b: Uint8Array): Layout {
  const fields: LengthField[] = [];
  const units: Unit[] = [];
  const xudt = b[0] === 0x11 || b[0] === 0x12;
  const first = xudt ? 3 : 2;
  for (let i = 0; i < 3; i++) {
    const at = first + i;
    const lenAt = at + b[at]!;
    if (lenAt >= b.length) continue;
    fields.push({ offset: at, width: 1, base: at, end: lenAt });
    fields.push({ offset: lenAt, width: 1, base: lenAt + 1, end: lenAt + 1 + b[lenAt]! });
    units.push([lenAt, Math.min(b.length, lenAt + 1 + b[lenAt]!)]);
  }
  if (xudt && b[6]) {
    fields.push({ offset: 6, width: 1, base: 6, end: 6 + b[6] });
    let p = 6 + b[6];
    for (let g = 0; g < 8 && p + 1 < b.length && b[p] !== 0; g++) {
      fields.push({ offset: p + 1, width: 1, base: p + 2, end: p + 2 + b[p + 1]! });
      units.push([p, Math.min(b.length, p + 2 + b[p + 1]!)]);
      p += 2 + b[p + 1]!;
    }
  }
  return { fields, units };
}

export const sccpTarget: FuzzTarget = {
  name: 'sccp',
  corpus: SCCP_CORPUS,
  layout: sccpLayout,
  maxLen: 4096,
  decode(b) {
    const m = decodeSccp(b, 14);
    if (m.data.length > b.length) return 'user data longer than the message';
    try {
      decodeSccp(b, 24);
    } catch (e) {
      if (!(e instanceof SccpError)) throw e;
    }
  },
  typed: (e) => e instanceof SccpError,
};

// ---------------------------------------------------------------------------------------------------- M3UA

export const M3UA_CORPUS: readonly Uint8Array[] = [
  CAP_DATA.slice(),
  ASPAC.slice(),
  encodeData({ routingContext: 7, networkAppearance: 3, opc: 100, dpc: 200, si: 3, ni: 2, mp: 0, sls: 5 }, SCCP_CORPUS[1]!.length, (buf, o) => buf.set(SCCP_CORPUS[1]!, o)),
  encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, { aspId: 9, infoString: 'fuzz' }),
  encodeM3ua(M3uaClass.ASPSM, AspsmType.BEAT, { heartbeat: Uint8Array.of(1, 2, 3, 4, 5) }),
  encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 2, routingContexts: [1, 2, 3] }),
  encodeM3ua(M3uaClass.MGMT, MgmtType.ERR, { errorCode: 0x19, routingContexts: [7], diagnostic: CAP_DATA.subarray(0, 22) }),
  encodeM3ua(M3uaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 3 }, aspId: 4, routingContexts: [1] }),
  encodeM3ua(M3uaClass.SSNM, SsnmType.DUNA, { routingContexts: [1], affected: [{ pc: 200 }, { mask: 8, pc: 300 }], infoString: 'x' }),
  encodeM3ua(M3uaClass.SSNM, SsnmType.SCON, { affected: [{ pc: 2 }], concernedDestination: 5, userCause: { cause: 2, user: 3 } }),
  encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPIA, { correlationId: 3, networkAppearance: 1 }),
];

/** M3UA length fields: the common header's message length and each parameter's length (units: padded parameters). */
function m3uaLayout(b: Uint8Array): Layout {
  const fields: LengthField[] = [{ offset: 4, width: 4, base: 0, end: b.length }];
  const units: Unit[] = [];
  let p = 8;
  while (p + 4 <= b.length) {
    const plen = (b[p + 2]! << 8) | b[p + 3]!;
    if (plen < 4) break;
    fields.push({ offset: p + 2, width: 2, base: p, end: Math.min(b.length, p + plen) });
    const next = p + ((plen + 3) & ~3);
    units.push([p, Math.min(b.length, next)]);
    p = next;
  }
  return { fields, units, align: 4 };
}

export const m3uaTarget: FuzzTarget = {
  name: 'm3ua',
  corpus: M3UA_CORPUS,
  layout: m3uaLayout,
  maxRandom: 200,
  maxLen: 1 << 16,
  decode(b) {
    const m = decodeM3ua(b);
    if (m.protocolData && m.protocolData.data.length > b.length) return 'protocol data longer than the message';
  },
  typed: (e) => e instanceof M3uaError,
};

// ---------------------------------------------------------------------------------------------------- INAP/CAMEL arguments

/** Every operation argument and result type of every variant with a sample, encoded: [type, bytes]. */
const INAP_ARGS: Array<{ at: ArgType; bytes: Uint8Array }> = [];
for (const v of VARIANTS as readonly Variant[]) {
  for (const op of Object.keys(ARG_TYPES)) {
    const at = argType(op, v);
    if (at && sample(op, v)) INAP_ARGS.push({ at, bytes: arg(op, v) });
  }
  for (const op of Object.keys(RESULT_TYPES)) {
    const at = argType(op, v, true);
    if (at && op === 'PromptAndCollectUserInformation') INAP_ARGS.push({ at, bytes: arg(op, v, true) });
  }
}

/**
 * decodeArg never throws: a fault in the bytes is `ok: false` with the BER or codec error's text (counted here as a
 * refusal, a CodecError). A fault of the decoder itself (TypeError, RangeError, ...) is caught by its last-resort
 * branch and reported as "undecodable argument: ..." — that is what the fuzz looks for, and a result that JSON cannot
 * carry. Each input is decoded as the argument type of the corpus message it was mutated from.
 */
export const inapTarget: FuzzTarget = {
  name: 'inap',
  ber: true,
  corpus: INAP_ARGS.map((a) => a.bytes),
  decode(b, base) {
    const at = INAP_ARGS[base]!.at;
    const r = decodeArg(at, b);
    JSON.stringify(r.fields);
    if (r.ok) return;
    if (r.error.startsWith('undecodable argument')) return `decodeArg(${at.name ?? 'argument'}) failed inside the decoder: ${r.error}`;
    throw new CodecError(r.error);
  },
  typed: (e) => e instanceof CodecError,
};

// ---------------------------------------------------------------------------------------------------- Diameter

const dict = new Dictionary();
const O = [{ name: 'Origin-Host', value: 'ocs.test' }, { name: 'Origin-Realm', value: 'test' }];
const dmsg = (flags: number, code: number, applicationId: number, items: AvpItem[]) =>
  encodeMessage({ flags, code, applicationId, hopByHop: 0x1234, endToEnd: 0x5678, avps: encodeItems(dict, items, 'avps') });

export const DIAMETER_CORPUS: readonly Uint8Array[] = [
  dmsg(0x80, 257, 0, [...O, { name: 'Host-IP-Address', value: '127.0.0.1' }, { name: 'Vendor-Id', value: 0 }, { name: 'Product-Name', value: 'fuzz' }, { name: 'Auth-Application-Id', value: 4 }, { name: 'Vendor-Specific-Application-Id', value: { 'Vendor-Id': 10415, 'Auth-Application-Id': 16777217 } }]),
  dmsg(0xc0, 272, 4, [
    { name: 'Session-Id', value: 'tester.test;1;2' },
    ...O,
    { name: 'Destination-Realm', value: 'test' },
    { name: 'Auth-Application-Id', value: 4 },
    { name: 'Service-Context-Id', value: '32260@3gpp.org' },
    { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' },
    { name: 'CC-Request-Number', value: 0 },
    { name: 'Event-Timestamp', value: '2026-01-01T00:00:00Z' },
    { name: 'Subscription-Id', value: { 'Subscription-Id-Type': 0, 'Subscription-Id-Data': '491700000001' } },
    { name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': 60, 'CC-Total-Octets': 1000000 }, 'Rating-Group': 1, 'Service-Identifier': 7 } },
  ]),
  dmsg(0x40, 272, 4, [
    { name: 'Session-Id', value: 'tester.test;1;2' },
    { name: 'Result-Code', value: 2001 },
    ...O,
    { name: 'CC-Request-Type', value: 1 },
    { name: 'CC-Request-Number', value: 0 },
    { name: 'Multiple-Services-Credit-Control', value: { 'Granted-Service-Unit': { 'CC-Time': 60 }, 'Rating-Group': 1, 'Validity-Time': 600, 'Result-Code': 2001 } },
    { name: 'Failed-AVP', value: [{ name: 'CC-Time', hex: '0102' }] },
  ]),
  dmsg(0x20, 280, 0, [...O, { name: 'Result-Code', value: 3008 }, { name: 'Error-Message', value: 'bad' }]),
  dmsg(0x80, 280, 0, O),
  dmsg(0xc0, 306, 16777217, [{ name: 'Session-Id', value: 's;1' }, ...O, { name: 'Destination-Realm', value: 'test' }, { name: 'User-Identity', value: { 'Public-Identity': 'sip:a@b' } }, { name: 'Data-Reference', value: 0 }]),
];

/** Diameter length fields: the header's message length and every AVP's length (Grouped AVPs recursively). */
function diameterLayout(b: Uint8Array): Layout {
  const fields: LengthField[] = [{ offset: 1, width: 3, base: 0, end: b.length }];
  const units: Unit[] = [];
  const avps = (start: number, end: number, depth: number) => {
    let o = start;
    while (o + 8 <= end) {
      const len = (b[o + 5]! << 16) | (b[o + 6]! << 8) | b[o + 7]!;
      const hl = b[o + 4]! & 0x80 ? 12 : 8;
      if (len < hl || o + len > end) return;
      fields.push({ offset: o + 5, width: 3, base: o, end: o + len });
      const next = Math.min(end, o + ((len + 3) & ~3));
      units.push([o, next]);
      // a Grouped AVP's data parses as AVPs: descend (a non-grouped one that happens to parse does no harm)
      if (depth < 4 && len - hl >= 8) avps(o + hl, o + len, depth + 1);
      o = next;
    }
  };
  avps(20, b.length, 0);
  return { fields, units, align: 4 };
}

/**
 * Every AVP's value decoded by its dictionary type, Grouped ones descended: what decodeView does, without its
 * catch-all (which shows a fault as the AVP's `error`), so that a decoder fault other than ValueError surfaces.
 */
function decodeValues(avps: readonly RawAvp[], depth: number): void {
  for (const a of avps) {
    const def = dict.avpByCode(a.code, a.vendorId);
    if (!def) continue;
    if (def.type !== 'Grouped') decodeValue(def.type, a.data);
    else if (depth < 16) decodeValues(readAvps(a.data, 0, a.data.length), depth + 1);
  }
}

export const diameterTarget: FuzzTarget = {
  name: 'diameter',
  corpus: DIAMETER_CORPUS,
  layout: diameterLayout,
  maxRandom: 400,
  maxLen: 1 << 16,
  decode(b) {
    const buf = Buffer.from(b.buffer, b.byteOffset, b.length);
    // the stream framer first (as a peer receives it), then the message and its dictionary view
    const msgs: Buffer[] = [];
    new Framer(1 << 16, (m) => msgs.push(m)).push(buf);
    const d = decodeDiameter(dict, buf);
    JSON.stringify(d.object);
    JSON.stringify(d.view);
    decodeValues(d.parsed.avps, 0);
  },
  typed: (e) => e instanceof DiameterCodecError || e instanceof ValueError,
};


// ---------------------------------------------------------------------------------------------------- MAP

/** Every MAP message of the catalogue in every version: invoke, result and error, each from its sample fields. */
const MAP_MESSAGES: { op: MapOperation; wire: WireKind; version: number; error?: string; bytes: Uint8Array }[] = [];
for (const op of MAP_OPERATIONS) {
  for (const version of Object.keys(op.versions).map(Number)) {
    const add = (wire: WireKind, fields: Record<string, unknown> | undefined, error?: string) => {
      if (!fields) return;
      const bytes = encodeMapMessage(op, wire, version, fields, error);
      if (bytes && bytes.length > 0) MAP_MESSAGES.push({ op, wire, version, error, bytes });
    };
    add('invoke', mapSampleOf(MAP_INVOKES, op.name, version));
    add('result', mapSampleOf(MAP_RESULTS, op.name, version));
    const err = MAP_ERRORS[op.name];
    if (err) add('error', err[1], err[0]);
  }
}

/**
 * The MAP parameter decoder (plugins/map/codec/message.ts: the BER argument, the USSD string's alphabet and the
 * SM-RP-UI's TPDU): it never throws; bad bytes are `ok: false`, a bad TPDU is `sm-RP-UI_tpdu_error`. A fault inside
 * the argument decoder ("undecodable argument"), anything thrown, or fields JSON cannot carry is a fault.
 */
export const mapTarget: FuzzTarget = {
  name: 'map',
  ber: true,
  corpus: MAP_MESSAGES.map((m) => m.bytes),
  decode(b, base) {
    const m = MAP_MESSAGES[base]!;
    const r = decodeMapMessage(m.op, m.wire, m.version, b, m.error);
    JSON.stringify(r.fields);
    if (r.ok) return;
    if (r.error.startsWith('undecodable argument')) return `decodeMessage(${m.op.name} ${m.wire} v${m.version}) failed inside the decoder: ${r.error}`;
    throw new CodecError(r.error);
  },
  typed: (e) => e instanceof CodecError,
};

/** SMS TPDUs (TS 23.040 SMS-SUBMIT and SMS-DELIVER, GSM 7-bit, 8-bit and UCS-2 user data, with a UDH). */
const TPDUS: { direction: TpduDirection; bytes: Uint8Array }[] = [
  { direction: 'mo', bytes: encodeTpdu({ da_digits: '4917100002', text: 'hello MO', mr: 7 }, 'mo') },
  { direction: 'mo', bytes: encodeTpdu({ da_digits: '4917100002', text: 'Grüße €', mr: 1 }, 'mo') },
  { direction: 'mo', bytes: encodeTpdu({ da_digits: '4917100002', text: 'Баланс', mr: 2 }, 'mo') },
  { direction: 'mt', bytes: encodeTpdu({ oa_digits: '4917100002', text: 'hello MT', scts: '240101120000+04' }, 'mt') },
  { direction: 'mt', bytes: encodeTpdu({ oa_digits: '4917100002', text: 'x'.repeat(160), scts: '240101120000-08' }, 'mt') },
];

/** The TPDU decoder alone: a typed TpduError or TextError for bad octets, never another exception. */
export const tpduTarget: FuzzTarget = {
  name: 'sms-tpdu',
  corpus: TPDUS.map((t) => t.bytes),
  maxRandom: 200,
  maxLen: 255,
  decode(b, base) {
    JSON.stringify(decodeTpdu(b, TPDUS[base]!.direction));
  },
  typed: (e) => e instanceof TpduError || e instanceof TextError,
};

export const TARGETS: readonly FuzzTarget[] = [berTarget, m3uaTarget, sccpTarget, tcapTarget, inapTarget, diameterTarget, mapTarget, tpduTarget];
