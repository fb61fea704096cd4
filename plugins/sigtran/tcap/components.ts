// TCAP components (Q.773 §3.1): Invoke, ReturnResult (last and not last), ReturnError and Reject, written and read;
// a component that does not decode is described by the Reject the component sublayer answers with (Q.774).
import type { Component, EncodedValue, InvokeSpec, Opcode, RejectProblem, RejectSpec, ReturnErrorSpec, ReturnResultSpec } from '../api.js';
import { BerError, BerWriter, TagClass, Universal, decodeInteger, decodeOidAt, expectBer as expect, readTlv, type Tlv } from '../ber/index.js';

const CTX = TagClass.Context;
const UNI = TagClass.Universal;

/** Component tags ([CONTEXT n]). */
const Tag = { Invoke: 1, ReturnResultLast: 2, ReturnError: 3, Reject: 4, ReturnResultNotLast: 7 } as const;

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


function writeOpcode(w: BerWriter, op: Opcode): void {
  if (typeof op === 'number') w.integer(op);
  else w.oid(op);
}

function writeValue(w: BerWriter, v: EncodedValue): void {
  if (typeof v === 'function') v(w);
  else w.raw(v);
}


export function writeComponent(w: BerWriter, c: OutComponent): void {
  switch (c.t) {
    case 'invoke': {
      const s = c.s;
      w.begin(CTX, Tag.Invoke).integer(s.invokeId);
      if (s.linkedId !== undefined) w.integer(s.linkedId, CTX, 0);
      writeOpcode(w, s.opcode);
      if (s.argument !== undefined) writeValue(w, s.argument);
      w.end();
      return;
    }
    case 'result': {
      const s = c.s;
      w.begin(CTX, s.last === false ? Tag.ReturnResultNotLast : Tag.ReturnResultLast).integer(s.invokeId);
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
      w.begin(CTX, Tag.ReturnError).integer(s.invokeId);
      writeOpcode(w, s.errorCode);
      if (s.parameter !== undefined) writeValue(w, s.parameter);
      w.end();
      return;
    }
    case 'reject': {
      const s = c.s;
      w.begin(CTX, Tag.Reject);
      if (s.invokeId === null) w.null();
      else w.integer(s.invokeId);
      w.integer(s.code, CTX, PROBLEM_BY_TAG.indexOf(s.problem));
      w.end();
      return;
    }
  }
}


/** General problems of a Reject (Q.773 §3.2 GeneralProblem). */
export const GeneralProblem = { unrecognizedComponent: 0, mistypedComponent: 1, badlyStructuredComponent: 2 } as const;

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
export interface ComponentFault {
  invokeId: number | null;
  code: number;
}


/** Read the components of a component portion into `out`; on a fault (BerError), `fault` says what to reject. */
export function decodeComponents(buf: Uint8Array, cp: Tlv, out: Component[], fault: ComponentFault): void {
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
    const kids = elementsOf(buf, c);
    fault.invokeId = derivableInvokeId(buf, kids[0]);
    fault.code = KNOWN_TAGS.has(c.tagNumber) ? GeneralProblem.mistypedComponent : GeneralProblem.unrecognizedComponent;
    out.push(readComponent(buf, c, kids));
  }
}

const KNOWN_TAGS = new Set<number>([Tag.Invoke, Tag.ReturnResultLast, Tag.ReturnError, Tag.Reject, Tag.ReturnResultNotLast]);

/** The elements of a component. */
function elementsOf(buf: Uint8Array, c: Tlv): Tlv[] {
  const kids: Tlv[] = [];
  for (let q = c.valueStart; q < c.valueEnd; ) {
    const k = readTlv(buf, q, c.valueEnd);
    kids.push(k);
    q = k.end;
  }
  return kids;
}

function readComponent(buf: Uint8Array, c: Tlv, kids: Tlv[]): Component {
  switch (c.tagNumber) {
    case Tag.Invoke:
      return readInvoke(buf, c, kids);
    case Tag.ReturnResultLast:
    case Tag.ReturnResultNotLast:
      return readReturnResult(buf, c, kids);
    case Tag.ReturnError: {
      const invokeId = invokeIdOf(buf, kids[0], c.start);
      expect(kids[1] !== undefined, 'ReturnError without an error code', c.start);
      const comp: Component = { type: 'returnError', invokeId, errorCode: readOpcode(buf, kids[1]!) };
      if (kids[2]) comp.parameter = buf.subarray(kids[2]!.start, kids[2]!.end);
      return comp;
    }
    case Tag.Reject:
      return readReject(buf, c, kids);
    default:
      throw new BerError('tag', c.start, `unknown component type [CONTEXT ${c.tagNumber}]`);
  }
}

function readInvoke(buf: Uint8Array, c: Tlv, kids: Tlv[]): Component {
  const invokeId = invokeIdOf(buf, kids[0], c.start);
  let i = 1;
  let linkedId: number | undefined;
  if (kids[i] && kids[i]!.cls === CTX && kids[i]!.tagNumber === 0) linkedId = decodeInteger(buf, kids[i++]!);
  expect(kids[i] !== undefined, 'Invoke without an operation code', c.start);
  const opcode = readOpcode(buf, kids[i++]!);
  const comp: Component = { type: 'invoke', invokeId, opcode };
  if (linkedId !== undefined) comp.linkedId = linkedId;
  if (kids[i]) comp.argument = buf.subarray(kids[i]!.start, kids[i]!.end);
  return comp;
}

function readReturnResult(buf: Uint8Array, c: Tlv, kids: Tlv[]): Component {
  const invokeId = invokeIdOf(buf, kids[0], c.start);
  const comp: Component = { type: 'returnResult', last: c.tagNumber === Tag.ReturnResultLast, invokeId };
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
  return comp;
}

function readReject(buf: Uint8Array, c: Tlv, kids: Tlv[]): Component {
  const id = kids[0];
  expect(id !== undefined, 'Reject without an invoke id', c.start);
  let invokeId: number | null = null;
  if (id.cls === UNI && id.tagNumber === Universal.Integer) invokeId = decodeInteger(buf, id);
  else expect(id.cls === UNI && id.tagNumber === Universal.Null, 'Reject invoke id is neither INTEGER nor NULL', id.start);
  const pr = kids[1];
  expect(pr !== undefined && pr.cls === CTX && pr.tagNumber <= 3, 'Reject without a problem code', c.start);
  const problem = PROBLEM_BY_TAG[pr.tagNumber]!;
  const code = decodeInteger(buf, pr);
  return { type: 'reject', invokeId, problem, code, text: rejectText(problem, code) };
}

/** The invoke id of a component whose first element is a well-formed INTEGER (-128..127), else null. */
function derivableInvokeId(buf: Uint8Array, t: Tlv | undefined): number | null {
  if (!t || t.cls !== UNI || t.tagNumber !== Universal.Integer || t.constructed || t.valueEnd - t.valueStart !== 1) return null;
  return decodeInteger(buf, t);
}

