// TCAP (ITU-T Q.773) message, dialogue-portion and component encoding and decoding over the BER codec.
import type { ApplicationContext } from '../ac.js';
import { acFromBytes } from '../ac.js';
import type {
  Component,
  DialoguePdu,
  EncodedValue,
  InvokeSpec,
  Opcode,
  RejectProblem,
  RejectSpec,
  ReturnErrorSpec,
  ReturnResultSpec,
} from '../api.js';
import {
  BerError,
  BerWriter,
  TagClass,
  Universal,
  decodeBitString,
  decodeInteger,
  decodeOidAt,
  readTlv,
  type Tlv,
} from '../ber/index.js';

const APP = TagClass.Application;
const CTX = TagClass.Context;
const UNI = TagClass.Universal;

/** TCAP message kinds by their [APPLICATION n] tag. */
const KIND_BY_TAG: Record<number, TcapKind> = { 1: 'unidirectional', 2: 'begin', 4: 'end', 5: 'continue', 7: 'abort' };
export type TcapKind = 'unidirectional' | 'begin' | 'continue' | 'end' | 'abort';

export const DIALOGUE_AS_ID = '0.0.17.773.1.1.1';
export const UNI_DIALOGUE_AS_ID = '0.0.17.773.1.2.1';
const DIALOGUE_AS_ID_CONTENT = Uint8Array.of(0x00, 0x11, 0x86, 0x05, 0x01, 0x01, 0x01);
const UNI_DIALOGUE_AS_ID_CONTENT = Uint8Array.of(0x00, 0x11, 0x86, 0x05, 0x01, 0x02, 0x01);

/** P-Abort causes (Q.773 P-AbortCause). */
export const PAbortCause = {
  unrecognizedMessageType: 0,
  unrecognizedTransactionID: 1,
  badlyFormattedTransactionPortion: 2,
  incorrectTransactionPortion: 3,
  resourceLimitation: 4,
} as const;

export const P_ABORT_CAUSES: Readonly<Record<number, string>> = {
  0: 'unrecognizedMessageType',
  1: 'unrecognizedTransactionID',
  2: 'badlyFormattedTransactionPortion',
  3: 'incorrectTransactionPortion',
  4: 'resourceLimitation',
};

const PROBLEMS: Record<RejectProblem, readonly string[]> = {
  general: ['unrecognizedComponent', 'mistypedComponent', 'badlyStructuredComponent'],
  invoke: [
    'duplicateInvokeID',
    'unrecognizedOperation',
    'mistypedParameter',
    'resourceLimitation',
    'initiatingRelease',
    'unrecognizedLinkedID',
    'linkedResponseUnexpected',
    'unexpectedLinkedOperation',
  ],
  returnResult: ['unrecognizedInvokeID', 'returnResultUnexpected', 'mistypedParameter'],
  returnError: ['unrecognizedInvokeID', 'returnErrorUnexpected', 'unrecognizedError', 'unexpectedError', 'mistypedParameter'],
};
const PROBLEM_BY_TAG: RejectProblem[] = ['general', 'invoke', 'returnResult', 'returnError'];

export function rejectText(problem: RejectProblem, code: number): string {
  return `${problem}: ${PROBLEMS[problem][code] ?? 'unknown'} (${code})`;
}

/** An outbound component as queued by a dialogue. */
export type OutComponent =
  | { t: 'invoke'; s: InvokeSpec & { invokeId: number } }
  | { t: 'result'; s: ReturnResultSpec }
  | { t: 'error'; s: ReturnErrorSpec }
  | { t: 'reject'; s: RejectSpec };

/** An outbound dialogue portion. */
export type OutDialogue =
  | { type: 'aarq'; ac: ApplicationContext; userInformation?: Uint8Array }
  | { type: 'aare'; ac: ApplicationContext; result: 0 | 1; diagSource: 'user' | 'provider'; diag: number; userInformation?: Uint8Array }
  | { type: 'abrt'; source: 0 | 1; userInformation?: Uint8Array };

export interface OutTcap {
  kind: TcapKind;
  otid?: number;
  dtid?: Uint8Array;
  dialogue?: OutDialogue;
  components?: readonly OutComponent[];
  pAbortCause?: number;
}

function writeTid(w: BerWriter, tag: number, tid: number): void {
  w.tag(APP, false, tag).len(4).raw(Uint8Array.of(tid >>> 24, (tid >>> 16) & 0xff, (tid >>> 8) & 0xff, tid & 0xff));
}

function writeOpcode(w: BerWriter, op: Opcode): void {
  if (typeof op === 'number') w.integer(op);
  else w.oid(op);
}

function writeValue(w: BerWriter, v: EncodedValue): void {
  if (typeof v === 'function') v(w);
  else w.raw(v);
}

function writeDialogue(w: BerWriter, d: OutDialogue, uni = false): void {
  w.begin(APP, 11).begin(UNI, Universal.External);
  w.primitive(UNI, Universal.ObjectIdentifier, uni ? UNI_DIALOGUE_AS_ID_CONTENT : DIALOGUE_AS_ID_CONTENT);
  w.begin(CTX, 0);
  if (d.type === 'aarq') {
    w.begin(APP, 0);
    w.bitString(Uint8Array.of(0x80), 7, CTX, 0);
    w.begin(CTX, 1).primitive(UNI, Universal.ObjectIdentifier, d.ac.bytes).end();
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  } else if (d.type === 'aare') {
    w.begin(APP, 1);
    w.bitString(Uint8Array.of(0x80), 7, CTX, 0);
    w.begin(CTX, 1).primitive(UNI, Universal.ObjectIdentifier, d.ac.bytes).end();
    w.begin(CTX, 2).integer(d.result).end();
    w.begin(CTX, 3).begin(CTX, d.diagSource === 'user' ? 1 : 2).integer(d.diag).end().end();
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  } else {
    w.begin(APP, 4);
    w.integer(d.source, CTX, 0);
    if (d.userInformation) w.begin(CTX, 30).raw(d.userInformation).end();
    w.end();
  }
  w.end().end().end();
}

function writeComponent(w: BerWriter, c: OutComponent): void {
  switch (c.t) {
    case 'invoke': {
      const s = c.s;
      w.begin(CTX, 1).integer(s.invokeId);
      if (s.linkedId !== undefined) w.integer(s.linkedId, CTX, 0);
      writeOpcode(w, s.opcode);
      if (s.argument !== undefined) writeValue(w, s.argument);
      w.end();
      return;
    }
    case 'result': {
      const s = c.s;
      w.begin(CTX, s.last === false ? 7 : 2).integer(s.invokeId);
      if (s.result !== undefined) {
        if (s.opcode === undefined) throw new RangeError('a ReturnResult with a result parameter needs its opcode');
        w.beginSequence();
        writeOpcode(w, s.opcode);
        writeValue(w, s.result);
        w.end();
      }
      w.end();
      return;
    }
    case 'error': {
      const s = c.s;
      w.begin(CTX, 3).integer(s.invokeId);
      writeOpcode(w, s.errorCode);
      if (s.parameter !== undefined) writeValue(w, s.parameter);
      w.end();
      return;
    }
    case 'reject': {
      const s = c.s;
      w.begin(CTX, 4);
      if (s.invokeId === null) w.null();
      else w.integer(s.invokeId);
      w.integer(s.code, CTX, PROBLEM_BY_TAG.indexOf(s.problem));
      w.end();
      return;
    }
  }
}

/** Encode a TCAP message into `w` (which is reset first); returns a view of the bytes (valid until reuse). */
export function encodeTcap(w: BerWriter, m: OutTcap): Uint8Array {
  w.reset();
  const tag = m.kind === 'begin' ? 2 : m.kind === 'continue' ? 5 : m.kind === 'end' ? 4 : m.kind === 'abort' ? 7 : 1;
  w.begin(APP, tag);
  if (m.otid !== undefined) writeTid(w, 8, m.otid);
  if (m.dtid !== undefined) w.primitive(APP, 9, m.dtid);
  if (m.kind === 'abort' && m.pAbortCause !== undefined) {
    w.integer(m.pAbortCause, APP, 10);
  } else if (m.dialogue) {
    writeDialogue(w, m.dialogue, m.kind === 'unidirectional');
  }
  if (m.components && m.components.length && m.kind !== 'abort') {
    w.begin(APP, 12);
    for (const c of m.components) writeComponent(w, c);
    w.end();
  }
  w.end();
  return w.view();
}

// ---------------------------------------------------------------------------------------------------------------
// decoding

/** General problems of a Reject (Q.773 §3.2 GeneralProblem). */
export const GeneralProblem = { unrecognizedComponent: 0, mistypedComponent: 1, badlyStructuredComponent: 2 } as const;

/**
 * A TCAP decoding problem: says which P-Abort cause applies, and carries the tids parsed before it. A problem in the
 * component portion has no P-Abort cause but a `reject`: the Reject component (general problem, invoke id when it
 * could be derived) the component sublayer answers with (Q.774 §3.2.2.2), and the dialogue portion when it was read.
 */
export class TcapError extends Error {
  constructor(
    readonly reason: string,
    /** P-Abort cause to answer with (Q.773), or undefined when the problem is in the component portion. */
    readonly pAbortCause: number | undefined,
    readonly otid?: Uint8Array,
    readonly dtid?: Uint8Array,
    readonly kind?: TcapKind,
    readonly reject?: RejectSpec,
    readonly dialogue?: DialoguePdu,
  ) {
    super(`TCAP: ${reason}`);
    this.name = 'TcapError';
  }
}

export interface DecodedTcap {
  kind: TcapKind;
  otid?: Uint8Array;
  dtid?: Uint8Array;
  pAbortCause?: number;
  dialogue?: DialoguePdu;
  components: Component[];
}

function tid(buf: Uint8Array, t: Tlv, what: string, kind: TcapKind): Uint8Array {
  const len = t.valueEnd - t.valueStart;
  if (t.constructed || len < 1 || len > 4) throw new TcapError(`${what} of ${len} octet(s) (1 to 4 allowed)`, 3, undefined, undefined, kind);
  return buf.subarray(t.valueStart, t.valueEnd);
}

/**
 * Decode a TCAP message (the SCCP user data). Throws TcapError (never a bare BerError). Only faults of the bytes
 * (BerError) become TcapErrors: anything else is a bug of the decoder and is not disguised as a peer's fault.
 */
export function decodeTcap(buf: Uint8Array): DecodedTcap {
  let top: Tlv;
  try {
    top = readTlv(buf, 0);
  } catch (e) {
    throw new TcapError(`undecodable message: ${berFault(e)}`, 2);
  }
  const kind = top.cls === APP && top.constructed ? KIND_BY_TAG[top.tagNumber] : undefined;
  if (!kind) throw new TcapError(`unrecognized message type (first octet 0x${buf[0]!.toString(16).padStart(2, '0')})`, 0);
  const out: DecodedTcap = { kind, components: [] };
  let dlg: Tlv | undefined;
  let comps: Tlv | undefined;
  try {
    let p = top.valueStart;
    while (p < top.valueEnd) {
      const t = readTlv(buf, p, top.valueEnd);
      p = t.end;
      if (t.cls === APP && t.tagNumber === 8) out.otid = tid(buf, t, 'originating transaction id', kind);
      else if (t.cls === APP && t.tagNumber === 9) out.dtid = tid(buf, t, 'destination transaction id', kind);
      else if (t.cls === APP && t.tagNumber === 10 && !t.constructed) out.pAbortCause = decodeInteger(buf, t);
      else if (t.cls === APP && t.tagNumber === 11) dlg = t;
      else if (t.cls === APP && t.tagNumber === 12) comps = t;
      else throw new TcapError(`unexpected element [${t.cls === APP ? 'APPLICATION' : 'class ' + t.cls} ${t.tagNumber}] in the transaction portion`, 2, out.otid, out.dtid, kind);
    }
  } catch (e) {
    if (e instanceof TcapError) throw e;
    throw new TcapError(`badly formatted transaction portion: ${berFault(e)}`, 2, out.otid, out.dtid, kind);
  }
  const need = { begin: [true, false], continue: [true, true], end: [false, true], abort: [false, true], unidirectional: [false, false] }[kind];
  if (need[0] && !out.otid) throw new TcapError(`${kind} without an originating transaction id`, 3, out.otid, out.dtid, kind);
  if (need[1] && !out.dtid) throw new TcapError(`${kind} without a destination transaction id`, 3, out.otid, out.dtid, kind);
  if (dlg) {
    try {
      out.dialogue = decodeDialogue(buf, dlg);
    } catch (e) {
      throw new TcapError(`bad dialogue portion: ${berFault(e)}`, 2, out.otid, out.dtid, kind);
    }
  }
  if (comps) {
    const fault: ComponentFault = { invokeId: null, code: GeneralProblem.badlyStructuredComponent };
    try {
      decodeComponents(buf, comps, out.components, fault);
    } catch (e) {
      const reject: RejectSpec = { invokeId: fault.invokeId, problem: 'general', code: fault.code };
      throw new TcapError(`bad component portion: ${berFault(e)}`, undefined, out.otid, out.dtid, kind, reject, out.dialogue);
    }
  }
  return out;
}

/** The text of a BerError; anything else thrown while decoding is rethrown as it is (a decoder bug). */
function berFault(e: unknown): string {
  if (e instanceof BerError) return e.message;
  throw e;
}

function expect(cond: boolean, what: string, at: number): asserts cond {
  if (!cond) throw new BerError('tag', at, what);
}

function decodeDialogue(buf: Uint8Array, dp: Tlv): DialoguePdu {
  const ext = readTlv(buf, dp.valueStart, dp.valueEnd);
  expect(ext.cls === UNI && ext.tagNumber === Universal.External && ext.constructed, 'expected EXTERNAL in the dialogue portion', ext.start);
  let p = ext.valueStart;
  let asId: string | undefined;
  let pdu: Tlv | undefined;
  let pduBuf = buf;
  while (p < ext.valueEnd) {
    const t = readTlv(buf, p, ext.valueEnd);
    p = t.end;
    if (t.cls === UNI && t.tagNumber === Universal.ObjectIdentifier) asId = decodeOidAt(buf, t.valueStart, t.valueEnd);
    else if (t.cls === CTX && t.tagNumber === 0 && t.constructed) pdu = readTlv(buf, t.valueStart, t.valueEnd);
    else if (t.cls === CTX && t.tagNumber === 1 && !t.constructed) {
      // octet-aligned: the PDU's BER encoding as an OCTET STRING
      pduBuf = buf.subarray(t.valueStart, t.valueEnd);
      pdu = readTlv(pduBuf, 0);
    }
  }
  expect(asId === DIALOGUE_AS_ID || asId === UNI_DIALOGUE_AS_ID, `dialogue portion with abstract syntax ${asId ?? '(none)'} (expected ${DIALOGUE_AS_ID})`, ext.start);
  expect(pdu !== undefined, 'dialogue portion without a dialogue PDU', ext.start);
  return decodeDialoguePdu(pduBuf, pdu);
}

function decodeDialoguePdu(buf: Uint8Array, pdu: Tlv): DialoguePdu {
  expect(pdu.cls === APP && pdu.constructed, 'dialogue PDU is not an [APPLICATION n] constructed value', pdu.start);
  let ac: ApplicationContext | undefined;
  let userInformation: Uint8Array | undefined;
  let result: number | undefined;
  let diag: { source: 'user' | 'provider'; code: number } | undefined;
  let source: number | undefined;
  let p = pdu.valueStart;
  while (p < pdu.valueEnd) {
    const t = readTlv(buf, p, pdu.valueEnd);
    p = t.end;
    if (t.cls !== CTX) continue;
    switch (t.tagNumber) {
      case 0:
        if (pdu.tagNumber === 4) source = decodeInteger(buf, t);
        else decodeBitString(buf, t); // protocol-version: validated, value not needed
        break;
      case 1: {
        const o = readTlv(buf, t.valueStart, t.valueEnd);
        expect(o.cls === UNI && o.tagNumber === Universal.ObjectIdentifier, 'application-context-name is not an OBJECT IDENTIFIER', o.start);
        ac = acFromBytes(buf.subarray(o.valueStart, o.valueEnd));
        break;
      }
      case 2:
        result = decodeInteger(buf, readTlv(buf, t.valueStart, t.valueEnd));
        break;
      case 3: {
        const c = readTlv(buf, t.valueStart, t.valueEnd);
        diag = { source: c.tagNumber === 1 ? 'user' : 'provider', code: decodeInteger(buf, readTlv(buf, c.valueStart, c.valueEnd)) };
        break;
      }
      case 30:
        userInformation = buf.subarray(t.valueStart, t.valueEnd);
        break;
    }
  }
  switch (pdu.tagNumber) {
    case 0:
      expect(ac !== undefined, 'AARQ without application-context-name', pdu.start);
      return userInformation ? { type: 'aarq', ac, userInformation } : { type: 'aarq', ac };
    case 1: {
      expect(ac !== undefined, 'AARE without application-context-name', pdu.start);
      expect(result !== undefined, 'AARE without result', pdu.start);
      const d: DialoguePdu = { type: 'aare', ac, result: result === 0 ? 'accepted' : 'reject-permanent', diagnostic: diag ?? { source: 'user', code: 0 } };
      if (userInformation) d.userInformation = userInformation;
      return d;
    }
    case 4: {
      expect(source !== undefined, 'ABRT without abort-source', pdu.start);
      const d: DialoguePdu = { type: 'abrt', source: source === 0 ? 'user' : 'provider' };
      if (userInformation) d.userInformation = userInformation;
      return d;
    }
    default:
      throw new BerError('tag', pdu.start, `dialogue PDU [APPLICATION ${pdu.tagNumber}] is not AARQ, AARE or ABRT`);
  }
}

function readOpcode(buf: Uint8Array, t: Tlv): Opcode {
  if (t.cls === UNI && t.tagNumber === Universal.Integer) return decodeInteger(buf, t);
  if (t.cls === UNI && t.tagNumber === Universal.ObjectIdentifier) return decodeOidAt(buf, t.valueStart, t.valueEnd);
  throw new BerError('tag', t.start, 'operation/error code is neither a local INTEGER nor a global OID');
}

function invokeIdOf(buf: Uint8Array, t: Tlv | undefined, at: number): number {
  expect(t !== undefined && t.cls === UNI && t.tagNumber === Universal.Integer, 'component without an invoke id', at);
  return decodeInteger(buf, t);
}

/** What the Reject for a bad component says: the invoke id when derivable, and the general problem. */
interface ComponentFault {
  invokeId: number | null;
  code: number;
}

function decodeComponents(buf: Uint8Array, cp: Tlv, out: Component[], fault: ComponentFault): void {
  let p = cp.valueStart;
  while (p < cp.valueEnd) {
    // until the component and its elements are framed, a fault is a badly structured component
    fault.invokeId = null;
    fault.code = GeneralProblem.badlyStructuredComponent;
    const c = readTlv(buf, p, cp.valueEnd);
    p = c.end;
    fault.code = GeneralProblem.unrecognizedComponent;
    expect(c.cls === CTX && c.constructed, `component [${c.cls}/${c.tagNumber}] is not a context-tagged constructed value`, c.start);
    fault.code = GeneralProblem.badlyStructuredComponent;
    const kids: Tlv[] = [];
    let q = c.valueStart;
    while (q < c.valueEnd) {
      const k = readTlv(buf, q, c.valueEnd);
      kids.push(k);
      q = k.end;
    }
    fault.invokeId = derivableInvokeId(buf, kids[0]);
    fault.code = c.tagNumber >= 1 && c.tagNumber <= 4 || c.tagNumber === 7 ? GeneralProblem.mistypedComponent : GeneralProblem.unrecognizedComponent;
    switch (c.tagNumber) {
      case 1: {
        const invokeId = invokeIdOf(buf, kids[0], c.start);
        let i = 1;
        let linkedId: number | undefined;
        if (kids[i] && kids[i]!.cls === CTX && kids[i]!.tagNumber === 0) linkedId = decodeInteger(buf, kids[i++]!);
        expect(kids[i] !== undefined, 'Invoke without an operation code', c.start);
        const opcode = readOpcode(buf, kids[i++]!);
        const comp: Component = { type: 'invoke', invokeId, opcode };
        if (linkedId !== undefined) comp.linkedId = linkedId;
        if (kids[i]) comp.argument = buf.subarray(kids[i]!.start, kids[i]!.end);
        out.push(comp);
        break;
      }
      case 2:
      case 7: {
        const invokeId = invokeIdOf(buf, kids[0], c.start);
        const comp: Component = { type: 'returnResult', last: c.tagNumber === 2, invokeId };
        const seq = kids[1];
        if (seq) {
          expect(seq.cls === UNI && seq.tagNumber === Universal.Sequence, 'ReturnResult result is not a SEQUENCE { opcode, result }', seq.start);
          const op = readTlv(buf, seq.valueStart, seq.valueEnd);
          comp.opcode = readOpcode(buf, op);
          if (op.end < seq.valueEnd) {
            const r = readTlv(buf, op.end, seq.valueEnd);
            comp.result = buf.subarray(r.start, r.end);
          }
        }
        out.push(comp);
        break;
      }
      case 3: {
        const invokeId = invokeIdOf(buf, kids[0], c.start);
        expect(kids[1] !== undefined, 'ReturnError without an error code', c.start);
        const comp: Component = { type: 'returnError', invokeId, errorCode: readOpcode(buf, kids[1]!) };
        if (kids[2]) comp.parameter = buf.subarray(kids[2]!.start, kids[2]!.end);
        out.push(comp);
        break;
      }
      case 4: {
        const id = kids[0];
        expect(id !== undefined, 'Reject without an invoke id', c.start);
        let invokeId: number | null = null;
        if (id.cls === UNI && id.tagNumber === Universal.Integer) invokeId = decodeInteger(buf, id);
        else expect(id.cls === UNI && id.tagNumber === Universal.Null, 'Reject invoke id is neither INTEGER nor NULL', id.start);
        const pr = kids[1];
        expect(pr !== undefined && pr.cls === CTX && pr.tagNumber <= 3, 'Reject without a problem code', c.start);
        const problem = PROBLEM_BY_TAG[pr.tagNumber]!;
        const code = decodeInteger(buf, pr);
        out.push({ type: 'reject', invokeId, problem, code, text: rejectText(problem, code) });
        break;
      }
      default:
        throw new BerError('tag', c.start, `unknown component type [CONTEXT ${c.tagNumber}]`);
    }
  }
}

/** The invoke id of a component whose first element is a well-formed INTEGER (-128..127), else null. */
function derivableInvokeId(buf: Uint8Array, t: Tlv | undefined): number | null {
  if (!t || t.cls !== UNI || t.tagNumber !== Universal.Integer || t.constructed || t.valueEnd - t.valueStart !== 1) return null;
  return decodeInteger(buf, t);
}

/** Transaction id bytes to a number (1-4 octets). */
export function tidNumber(b: Uint8Array): number {
  let v = 0;
  for (let i = 0; i < b.length; i++) v = v * 256 + b[i]!;
  return v;
}

export function tidHex(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
