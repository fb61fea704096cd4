// The receive path of every TCAP-user family: take the next component of the role pair's dialogue (waiting for the
// next TCAP message when none is queued; a type that accepts Begins waits for a new one), abort the instance on
// anything else than the expected component, decode it into the flattened form, store it in $i and match the
// expected arguments (DESIGN §3). Without async frames: an instance waiting for its component holds one
// ComponentWait and a ctx.later() handle (the state every in-flight instance of a load run keeps), and a queued
// component is taken at once.
import type { Json, JsonObject, Later, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import type { Component, RejectSpec, TcapMessage } from '../api.js';
import { flattenExpected, hasKeys } from '../codec/index.js';
import { checkDialogueControls } from './checks.js';
import { inboundWaitMs, loadMessage, MessageWait, recordTcap, waitError, type Expecting, type UserDialogue } from './dialogue.js';
import { executeSend, PART } from './send.js';
import type { FamilyOptions, Session, TcapUserDialogue } from './session.js';
import type { Bound, ErrorCode, MessageEntry } from './spec.js';

interface Picked {
  c: Component;
  m: TcapMessage;
  first: boolean;
}

/** How many messages one receive may wait through while skipping components. */
const MAX_WAITS = 1000;

/**
 * A receive type's binding and entry, and who waits for what (Expecting): made with the operation type (per service's
 * binding: entries are shared by the bindings), not per wait.
 */
export class Receiving<R, D extends TcapUserDialogue, O extends FamilyOptions> implements Expecting {
  readonly name: string;
  readonly peer: string;
  constructor(
    readonly b: Bound<R, D, O>,
    readonly e: MessageEntry<R>,
  ) {
    this.name = e.name;
    this.peer = e.peerName;
  }
  describe(m: TcapMessage, ud: UserDialogue): string {
    return this.b.spec.dialogues.describeMessage(m, ud as D);
  }
}

/**
 * The wait of a receive for its component: one object per waiting instance, called back by the dialogue. Its
 * operation type's binding and entry are one field (x), its session is the instance's (looked up, not kept): each
 * field is 8 bytes of every call held in flight.
 */
class ComponentWait<R, D extends TcapUserDialogue, O extends FamilyOptions> extends MessageWait<OperationOutcome, Receiving<R, D, O>> {
  private waits = 0;
  constructor(ctx: OperationContext, r: Receiving<R, D, O>, private readonly args: JsonObject, d: D) {
    super(ctx, d, r);
  }
  override onMessage(m: TcapMessage): void {
    const { b } = this.x;
    let again: D | undefined;
    try {
      again = retried(this.ctx, b, this.ud as D, m, b.session(this.ctx));
    } catch (err) {
      return this.failed(err);
    }
    if (!again) return super.onMessage(m);
    this.ud = again;
    this.next();
  }
  protected taken(): void {
    const { ctx } = this;
    const { b, e } = this.x;
    const d = this.ud as D;
    const r = takeQueued(ctx, b, e, this.args, d, b.session(ctx));
    if (r) return this.done(r);
    if (++this.waits >= MAX_WAITS) ctx.abort(`${e.name}: too many skipped components`);
    this.next();
  }
}

/**
 * The dialogue opened again when the peer refused `d` with `m` and the family retries in the AC it names (retryAc):
 * the refusal recorded, the opening Invoke sent again in a new Begin. Undefined: the refusal stands.
 */
function retried<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, d: D, m: TcapMessage, s: Session<D, O>): D | undefined {
  const dl = b.spec.dialogues;
  const e0 = d.more?.retryEntry as MessageEntry<R> | undefined;
  if (!dl.retryAc || !e0 || (m.kind !== 'u-abort' && m.kind !== 'end')) return undefined;
  const ac = dl.retryAc(e0, d, m);
  if (ac === undefined) return undefined;
  const args = d.more!.retryArgs!;
  d.more!.retryEntry = d.more!.retryArgs = undefined;
  loadMessage(d, m);
  recordTcap(ctx, m, `TCAP ${m.kind}`);
  ctx.trace(1, `${e0.name}: the ${e0.peerName} refused the dialogue (${d.endReason}); opening it again with AC ${ac}`);
  const sent = executeSend(ctx, b, e0, { ...args, tcap_ac: ac });
  if (sent instanceof Promise) ctx.abort(`${e0.name}: cannot open the dialogue again with AC ${ac} and wait for the peer first`);
  return s.dialogue(e0.key);
}

/** The next queued component the operation gets (skipped ones consumed), or undefined: none is queued. */
function pickQueued<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, s: Session<D, O>): Picked | undefined {
  const skip = b.spec.codec.skip;
  while (d.qi < d.queue.length) {
    const c = d.queue[d.qi++]!;
    const first = d.firstOfMsg;
    d.firstOfMsg = false;
    if (skip?.(ctx, e, d, c, s)) continue;
    return { c, m: d.msg!, first };
  }
  return undefined;
}

export function executeReceive<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, rx: Receiving<R, D, O>, args: JsonObject): OperationOutcome | Promise<OperationOutcome> | Later {
  const { b, e } = rx;
  const s = b.session(ctx);
  const accepting = e.opening;
  let d = s.dialogue(e.key);
  // a dialogue that ended with components still to hand over (an End carrying several) is not done with yet
  if (accepting === 'always' || (accepting === 'unless-open' && (!d || (d.ended && d.qi >= d.queue.length)))) {
    return acceptBegin(ctx, b, e, args, s).then((ad) => {
      const r = receiveOn(ctx, rx, args, ad, s);
      return r instanceof ComponentWait ? r.start() : r;
    });
  }
  if (!d) ctx.abort(`${e.name}: ${b.spec.dialogues.nothingToReceiveOn(e)}`);
  d = d!;
  const r = receiveOn(ctx, rx, args, d, s);
  return r instanceof ComponentWait ? r.later() : r;
}

/** Wait for a Begin from the peer (through the instance's registration for its operation, else any) and adopt it. */
async function acceptBegin<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject, s: Session<D, O>): Promise<D> {
  const dl = b.spec.dialogues;
  let m: TcapMessage;
  try {
    const reg = s.registrations?.get(e.op);
    m = reg ? await reg.next({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal }) : await dl.awaitBegin(ctx, e, s);
  } catch (err) {
    waitError(ctx, e.name, e.peerName, err);
  }
  const d = dl.adopt(ctx, e, args, m, s);
  s.add(e.key, d);
  loadMessage(d, m);
  if (ctx.detailed) ctx.trace(1, `${e.name}: accepted dialogue ${m.dialogue.localTidHex} from ${m.peer} (${dl.describe(d)}, ${m.ac ? `AC ${m.ac.name ?? m.ac.oid}` : 'no AC'})`);
  return d;
}

/** The operation on the queued components: its outcome, or undefined when none is left (segments kept, skipped ones consumed). */
function takeQueued<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject, d: D, s: Session<D, O>): OperationOutcome | undefined {
  for (let picked = pickQueued(ctx, b, e, d, s); picked; picked = pickQueued(ctx, b, e, d, s)) {
    const r = receiveComponent(ctx, b, e, args, d, picked);
    if (r) return r;
  }
  return undefined;
}

/** A queued component is taken at once; else the wait for the next message, which the caller starts. */
function receiveOn<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, rx: Receiving<R, D, O>, args: JsonObject, d: D, s: Session<D, O>): OperationOutcome | ComponentWait<R, D, O> {
  return takeQueued(ctx, rx.b, rx.e, args, d, s) ?? new ComponentWait(ctx, rx, args, d);
}

/** The component's parameter; what it says besides (invoke id, error code) goes to `meta`. Aborts on another component. */
function take<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, { c, m, first }: Picked, meta: JsonObject): Uint8Array | undefined {
  const { codec } = b.spec;
  if (e.wire === 'invoke') {
    const opcode = codec.opcode(e, d);
    if (opcode === undefined) ctx.abort(`${e.name}: ${codec.notDefined(e, d)}`);
    if (c.type !== 'invoke' || c.opcode !== opcode) unexpected(ctx, b, e, d, c, m, first, codec.expectedInvoke?.(e, d) ?? e.name);
    d.noteReceived(e.op, c.invokeId);
    meta.invoke_id = c.invokeId;
    return c.argument;
  }
  if (e.wire === 'result') {
    if (c.type !== 'returnResult') unexpected(ctx, b, e, d, c, m, first, `the result of ${e.op}`);
    const want = d.sentInvokeId(e.op);
    if (want !== undefined && c.invokeId !== want) ctx.abort(`${e.name}: received a result for invoke ${c.invokeId}, but ${e.op} was invoke ${want}`);
    meta.invoke_id = c.invokeId;
    return c.result;
  }
  if (c.type !== 'returnError') unexpected(ctx, b, e, d, c, m, first, `a ReturnError for ${e.op}`);
  meta.invoke_id = c.invokeId;
  meta.errorCode = typeof c.errorCode === 'number' ? c.errorCode : String(c.errorCode);
  if (codec.errorName) meta.errorCode_name = (typeof c.errorCode === 'number' ? codec.errorName(c.errorCode) : undefined) ?? null;
  return c.parameter;
}

/** Record a component that is not the expected one and abort the instance naming both. */
function unexpected<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, c: Component, m: TcapMessage, first: boolean, what: string): never {
  b.spec.codec.recordUnexpected(ctx, d, c, m, first);
  ctx.abort(`${e.name}: expected ${what} from the ${e.peerName}, received ${b.spec.dialogues.describeComponent(c, d)}`);
}

/** The error a received ReturnError names (its code when local, and name where the family names errors). */
function errorOf(meta: JsonObject): ErrorCode | undefined {
  return typeof meta.errorCode === 'number' ? { code: meta.errorCode, name: typeof meta.errorCode_name === 'string' ? meta.errorCode_name : undefined } : undefined;
}

/**
 * A ReturnResultNotLast: its segment kept (and recorded: the ladder shows each) until the ReturnResultLast, whose
 * result is the segments merged by the family (TS 29.002 §15.6.3: each segment is a value of the result's type).
 */
function keepSegment<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, fields: JsonObject, meta: JsonObject, { m, first }: Picked): undefined {
  const { codec, protocol } = b.spec;
  const n = ((d.more ??= {}).segments ??= []).push(fields);
  if (ctx.detailed) ctx.trace(1, `${e.name}: ReturnResultNotLast segment ${n} in TCAP ${m.kind}`);
  if (ctx.recordsMessages) {
    ctx.message({
      direction: 'received', protocol, name: e.name, fields: { ...fields, ...meta, segment: n, ...codec.tags(d), [codec.kindKey ?? 'tcap']: m.kind } as Json,
      ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
    });
  }
  return undefined;
}

/** The result of the segments received before the ReturnResultLast whose fields are `last`, merged. */
function mergedResult<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, e: MessageEntry<R>, d: D, last: JsonObject): JsonObject {
  const parts = [...d.more!.segments!, last];
  d.more!.segments = undefined;
  const fields = b.spec.codec.merge ? b.spec.codec.merge(e, parts) : last;
  fields.segments = parts.length;
  return fields;
}

/**
 * The operation on its component: checks, decoding, $i, messages and matching. Aborts the instance on anything else.
 * Undefined: the component was a segment of the result (ReturnResultNotLast), the operation waits for the next.
 */
function receiveComponent<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject, d: D, picked: Picked): OperationOutcome | undefined {
  const { codec, protocol } = b.spec;
  const { c, m, first } = picked;
  const meta: JsonObject = {};
  const raw = take(ctx, b, e, d, picked, meta);
  const kindKey = codec.kindKey ?? 'tcap';
  const dr = codec.decode(ctx, e, d, raw, e.wire === 'error' ? errorOf(meta) : undefined, c, m);
  if (!dr.ok) {
    // bad bytes, or a value outside its ASN.1 constraints: the trace keeps what was decoded
    if (ctx.recordsMessages) {
      ctx.message({
        direction: 'received', protocol, name: e.name, fields: { ...dr.fields, ...meta, decode_error: dr.error, ...codec.tags(d), [kindKey]: m.kind } as Json,
        ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
      });
    }
    const as = codec.codecName?.(d);
    ctx.abort(`${e.name}: the ${PART[e.wire]} cannot be decoded${as ? ` as ${as}` : ''}: ${dr.error}${codec.rejectUndecodable ? rejectMistyped(d, c) : ''}`);
  }
  if (c.type === 'returnResult' && !c.last) return keepSegment(ctx, b, e, d, dr.fields as JsonObject, meta, picked);
  const fields = d.more?.segments && c.type === 'returnResult' ? mergedResult(b, e, d, dr.fields as JsonObject) : (dr.fields as JsonObject);
  codec.inbound?.(fields, e, d, m);
  const last = d.qi >= d.queue.length && m.kind === 'end';
  Object.assign(fields, meta);
  fields.last_component = last ? 1 : 0;
  ctx.received(e.name, fields as Json);
  if (ctx.detailed) ctx.trace(1, `${e.name}: received ${b.spec.dialogues.describeComponent(c, d)} in TCAP ${m.kind}${last ? ' (last component)' : ''}`);
  if (ctx.recordsMessages) {
    ctx.message({
      direction: 'received', protocol, name: e.name, fields: { ...fields, ...codec.tags(d), [kindKey]: m.kind } as Json,
      ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
    });
  }
  // checks: control arguments first, then fields
  checkDialogueControls(ctx, e.name, args, d, last);
  if (typeof args.segments === 'number') ctx.match(e.name, { segments: args.segments }, { segments: fields.segments ?? 1 });
  const expected = codec.expected ? codec.expected(ctx, e, args, fields) : args;
  const flat = flattenExpected(expected, b.controls.receive, fields);
  if (hasKeys(flat)) ctx.match(e.name, flat, fields);
  return { result: fields };
}

/**
 * Q.774: a component whose parameter the TC-user cannot decode is rejected with *mistypedParameter* (invoke,
 * returnResult or returnError problem). The Reject is queued on the dialogue, so the End that closes it when the
 * instance aborts carries it (with end_open_dialogues 'abort' the dialogue is U-Aborted instead). Returns the text
 * that says so, '' when the dialogue cannot take it (it has ended).
 */
function rejectMistyped(d: TcapUserDialogue, c: Component): string {
  if (c.type === 'reject') return '';
  const spec: RejectSpec = c.type === 'invoke' ? { invokeId: c.invokeId, problem: 'invoke', code: 2 } : c.type === 'returnResult' ? { invokeId: c.invokeId, problem: 'returnResult', code: 2 } : { invokeId: c.invokeId, problem: 'returnError', code: 4 };
  try {
    d.d.reject(spec);
    return `; a Reject (${spec.problem}: mistypedParameter) goes back when the dialogue closes`;
  } catch {
    return '';
  }
}
