// TCAP (ITU-T Q.773) messages: the transaction portion written and read here, the dialogue portion in
// dialogue-portion.ts, the components in components.ts. A message that does not decode is a TcapError saying which
// P-Abort cause, or which Reject, answers it.
import type { Component, DialoguePdu, RejectSpec } from '../api.js';
import { BerError, BerWriter, TagClass, decodeInteger, readTlv, type Tlv } from '../ber/index.js';
import { GeneralProblem, decodeComponents, writeComponent, type ComponentFault, type OutComponent } from './components.js';
import { decodeDialogue, writeDialogue, type OutDialogue } from './dialogue-portion.js';

export { GeneralProblem, type OutComponent } from './components.js';

const APP = TagClass.Application;

export type TcapKind = 'unidirectional' | 'begin' | 'continue' | 'end' | 'abort';

/** The [APPLICATION n] tag of each message kind, and of the elements of the transaction portion. */
const MESSAGE_TAG: Readonly<Record<TcapKind, number>> = { unidirectional: 1, begin: 2, end: 4, continue: 5, abort: 7 };
const KIND_BY_TAG: Readonly<Record<number, TcapKind>> = { 1: 'unidirectional', 2: 'begin', 4: 'end', 5: 'continue', 7: 'abort' };
const Element = { Otid: 8, Dtid: 9, PAbortCause: 10, DialoguePortion: 11, ComponentPortion: 12 } as const;
/** Transaction ids we allocate have 4 octets; a peer's have 1 to 4. */
const TID_LENGTH = 4;

/** P-Abort causes (Q.773 P-AbortCause). */
export const PAbortCause = {
  unrecognizedMessageType: 0,
  unrecognizedTransactionID: 1,
  badlyFormattedTransactionPortion: 2,
  incorrectTransactionPortion: 3,
  resourceLimitation: 4,
} as const;

const BADLY_FORMATTED = PAbortCause.badlyFormattedTransactionPortion;

export const P_ABORT_CAUSES: Readonly<Record<number, string>> = {
  0: 'unrecognizedMessageType',
  1: 'unrecognizedTransactionID',
  2: 'badlyFormattedTransactionPortion',
  3: 'incorrectTransactionPortion',
  4: 'resourceLimitation',
};

export interface OutTcap {
  kind: TcapKind;
  otid?: number;
  dtid?: Uint8Array;
  dialogue?: OutDialogue;
  components?: readonly OutComponent[];
  pAbortCause?: number;
}

function writeTid(w: BerWriter, tid: number): void {
  w.tag(APP, false, Element.Otid).len(TID_LENGTH).rawUint32(tid);
}

/** Encode a TCAP message into `w` (which is reset first); returns a view of the bytes (valid until reuse). */
export function encodeTcap(w: BerWriter, m: OutTcap): Uint8Array {
  w.reset();
  w.begin(APP, MESSAGE_TAG[m.kind]);
  if (m.otid !== undefined) writeTid(w, m.otid);
  if (m.dtid !== undefined) w.primitive(APP, Element.Dtid, m.dtid);
  if (m.kind === 'abort' && m.pAbortCause !== undefined) {
    w.integer(m.pAbortCause, APP, Element.PAbortCause);
  } else if (m.dialogue) {
    writeDialogue(w, m.dialogue, m.kind === 'unidirectional');
  }
  if (m.components && m.components.length && m.kind !== 'abort') {
    w.begin(APP, Element.ComponentPortion);
    for (const c of m.components) writeComponent(w, c);
    w.end();
  }
  w.end();
  return w.view();
}

// ---------------------------------------------------------------------------------------------------------------
// decoding

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

/** Which transaction ids each message type must carry: [originating, destination]. */
const NEEDS_TIDS: Readonly<Record<TcapKind, readonly [boolean, boolean]>> = { begin: [true, false], continue: [true, true], end: [false, true], abort: [false, true], unidirectional: [false, false] };

function tid(buf: Uint8Array, t: Tlv, what: string, kind: TcapKind): Uint8Array {
  const len = t.valueEnd - t.valueStart;
  if (t.constructed || len < 1 || len > TID_LENGTH) throw new TcapError(`${what} of ${len} octet(s) (1 to 4 allowed)`, PAbortCause.incorrectTransactionPortion, undefined, undefined, kind);
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
    throw new TcapError(`undecodable message: ${berFault(e)}`, PAbortCause.badlyFormattedTransactionPortion);
  }
  const kind = top.cls === APP && top.constructed ? KIND_BY_TAG[top.tagNumber] : undefined;
  if (!kind) throw new TcapError(`unrecognized message type (first octet 0x${buf[0]!.toString(16).padStart(2, '0')})`, PAbortCause.unrecognizedMessageType);
  const out: DecodedTcap = { kind, components: [] };
  let dlg: Tlv | undefined;
  let comps: Tlv | undefined;
  try {
    let p = top.valueStart;
    while (p < top.valueEnd) {
      const t = readTlv(buf, p, top.valueEnd);
      p = t.end;
      if (t.cls === APP && t.tagNumber === Element.Otid) out.otid = tid(buf, t, 'originating transaction id', kind);
      else if (t.cls === APP && t.tagNumber === Element.Dtid) out.dtid = tid(buf, t, 'destination transaction id', kind);
      else if (t.cls === APP && t.tagNumber === Element.PAbortCause && !t.constructed) out.pAbortCause = decodeInteger(buf, t);
      else if (t.cls === APP && t.tagNumber === Element.DialoguePortion) dlg = t;
      else if (t.cls === APP && t.tagNumber === Element.ComponentPortion) comps = t;
      else throw new TcapError(`unexpected element [${t.cls === APP ? 'APPLICATION' : 'class ' + t.cls} ${t.tagNumber}] in the transaction portion`, BADLY_FORMATTED, out.otid, out.dtid, kind);
    }
  } catch (e) {
    if (e instanceof TcapError) throw e;
    throw new TcapError(`badly formatted transaction portion: ${berFault(e)}`, BADLY_FORMATTED, out.otid, out.dtid, kind);
  }
  const need = NEEDS_TIDS[kind];
  if (need[0] && !out.otid) throw new TcapError(`${kind} without an originating transaction id`, PAbortCause.incorrectTransactionPortion, out.otid, out.dtid, kind);
  if (need[1] && !out.dtid) throw new TcapError(`${kind} without a destination transaction id`, PAbortCause.incorrectTransactionPortion, out.otid, out.dtid, kind);
  if (dlg) {
    try {
      out.dialogue = decodeDialogue(buf, dlg);
    } catch (e) {
      throw new TcapError(`bad dialogue portion: ${berFault(e)}`, BADLY_FORMATTED, out.otid, out.dtid, kind);
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

/** Transaction id bytes to a number (1-4 octets). */
export function tidNumber(b: Uint8Array): number {
  let v = 0;
  for (let i = 0; i < b.length; i++) v = v * 256 + b[i]!;
  return v;
}

/**
 * Our transaction id in the head of a Begin or Continue we sent (`head` may be cut short, as in an ERR's diagnostic
 * information): the otid when the head holds it whole, else undefined.
 */
export function headOtid(head: Uint8Array): number | undefined {
  const kind = head.length > 1 && (head[0]! & 0xe0) === 0x60 ? KIND_BY_TAG[head[0]! & 0x1f] : undefined;
  if (kind !== 'begin' && kind !== 'continue') return undefined;
  // the message's length: short form, or long form in `n` octets after the first
  const lenOctet = head[1]!;
  const p = 2 + (lenOctet & 0x80 ? lenOctet & 0x7f : 0);
  if (head[p] !== (0x40 | Element.Otid)) return undefined;
  const n = head[p + 1] ?? 0;
  if (n < 1 || n > TID_LENGTH || p + 2 + n > head.length) return undefined;
  return tidNumber(head.subarray(p + 2, p + 2 + n));
}

export function tidHex(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
