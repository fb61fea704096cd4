// The send path of every TCAP-user family: find (or open) the role pair's dialogue, encode the component in the
// dialogue's codec, queue it (Invoke, ReturnResult answering the last Invoke of its operation, ReturnError), send it
// in a Begin / Continue, keep it for the next message (send_with_next) or close with it (send_and_close: TCAP End),
// then the result (the fields as given plus the invoke id), the trace and the message record.
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { resolveAc, type ApplicationContext } from '../ac.js';
import type { AutoAnswer, Dialogue, ScpParams, SigtranGateway } from '../api.js';
import { CodecError } from '../codec/index.js';
import { transmit } from './dialogue.js';
import type { FamilyOptions, Session, TcapUserDialogue } from './session.js';
import type { Bound, ErrorCode, MessageEntry, WireKind } from './spec.js';

/** What the parameter of each wire component is called in texts. */
export const PART: Readonly<Record<WireKind, string>> = { invoke: 'argument', result: 'result', error: 'error parameter' };
const COMPONENT: Readonly<Record<WireKind, string>> = { invoke: 'Invoke', result: 'ReturnResult', error: 'ReturnError' };

/** An application-context value resolved; aborts the instance naming `name` when it is none. */
export function acOf(ctx: OperationContext, name: string, value: unknown): ApplicationContext | null {
  try {
    return resolveAc(value === null || value === undefined ? null : String(value));
  } catch (e) {
    ctx.abort(`${name}: tcap_ac ${JSON.stringify(value)}: ${(e as Error).message}`);
  }
}

/**
 * Open a dialogue on the instance's gateway for a send type (a family's `open` hook; then addOpened()): `ac` null for
 * no dialogue portion, `userInformation` the AARQ's (map: its MAP-OPEN), `autoAnswer` the Invokes it answers itself.
 */
export function openTcapDialogue(ctx: OperationContext, e: MessageEntry<unknown>, ac: ApplicationContext | null, userInformation?: Uint8Array, autoAnswer?: AutoAnswer): Dialogue {
  try {
    return (ctx.gateway() as SigtranGateway).openDialogue({ scp: ctx.run.params.scp as ScpParams | undefined, ac, userInformation, signal: ctx.endSignal, autoAnswer });
  } catch (err) {
    ctx.abort(`${e.name}: cannot open a TCAP dialogue: ${(err as Error).message}`);
  }
}

/** Make the family's dialogue `ud` (opened by openTcapDialogue) the role pair's current one; returns it. */
export function addOpened<D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, e: MessageEntry<unknown>, s: Session<D, O>, ud: D, describe: (d: D) => string): D {
  s.add(e.key, ud);
  if (ctx.detailed) ctx.trace(1, `${e.name}: opened dialogue ${ud.d.localTidHex} (${describe(ud)}, ${ud.d.ac ? `AC ${ud.d.ac.name ?? ud.d.ac.oid}` : 'no AC'})`);
  return ud;
}

/** The dialogue a send type sends on: opened when the family says so, else the role pair's open one. */
function dialogueFor<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject, s: Session<D, O>): D {
  const dl = b.spec.dialogues;
  const d = s.dialogue(e.key);
  const opening = e.opening;
  if (opening === 'always' || (opening === 'unless-open' && (!d || d.ended))) {
    const nd = dl.open(ctx, e, args, s);
    if (dl.retryAc) {
      nd.more = { retryEntry: e, retryArgs: args };
    }
    return nd;
  }
  if (!d || d.ended) ctx.abort(`${e.name}: cannot send: ${d ? `the dialogue has ended (${d.endReason})` : dl.noDialogue(e)}`);
  if (opening && ctx.detailed) {
    const given = Object.keys(args).find((k) => k === 'tcap_ac' || b.spec.controls?.opening?.[k.split('.')[0]!] !== undefined);
    if (given) ctx.trace(1, `${e.name}: the dialogue is open: ${given} applies only to the Begin`);
  }
  return d;
}

function encode<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, fields: JsonObject, error: ErrorCode | undefined): Uint8Array | undefined {
  try {
    return b.spec.codec.encode(ctx, e, d, fields, error);
  } catch (err) {
    if (err instanceof CodecError) ctx.abort(`${e.name}: cannot encode the ${PART[e.wire]}: ${err.message}`);
    throw err;
  }
}

/** Queue the component on the dialogue; its invoke id. */
function queue<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, d: D, bytes: Uint8Array | undefined, error: ErrorCode | undefined, notLast: boolean): number {
  const opcode = b.spec.codec.opcode(e, d)!;
  if (e.wire === 'invoke') {
    const id = d.d.invoke({ opcode, argument: bytes });
    d.noteSent(e.op, id);
    return id;
  }
  const id = d.received?.get(e.op);
  if (id === undefined) ctx.abort(`${e.name}: no ${e.op} was received on this dialogue to answer`);
  if (notLast && e.wire === 'result') {
    // a segment: the invoke is answered by the ReturnResultLast that follows
    d.d.returnResult({ invokeId: id, opcode: bytes ? opcode : undefined, result: bytes, last: false });
    return id;
  }
  if (b.spec.codec.answerOnce) d.received!.delete(e.op);
  if (e.wire === 'result') d.d.returnResult({ invokeId: id, opcode: bytes ? opcode : undefined, result: bytes });
  else d.d.returnError({ invokeId: id, errorCode: error!.code, parameter: bytes });
  return id;
}

export function executeSend<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject): OperationOutcome | Promise<OperationOutcome> {
  const s = b.session(ctx);
  const before = s.dialogue(e.key);
  const d = dialogueFor(ctx, b, e, args, s);
  const waits = d !== before && b.spec.dialogues.prelude ? b.spec.dialogues.prelude(ctx, e, d, args) : undefined;
  return waits ? waits.then(() => sendOn(ctx, b, e, args, d, s)) : sendOn(ctx, b, e, args, d, s);
}

/** The component encoded, queued and sent on `d`; the operation's result, trace and message record. */
function sendOn<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, e: MessageEntry<R>, args: JsonObject, d: D, s: Session<D, O>): OperationOutcome {
  const { codec } = b.spec;
  const why = codec.notDefined(e, d);
  if (why !== undefined) ctx.abort(`${e.name}: ${why}`);
  let error: ErrorCode | undefined;
  if (e.wire === 'error') {
    error = codec.errorCode(args.errorCode);
    if (!error) ctx.abort(`${e.name}: ${codec.badErrorCode(e, args.errorCode)}`);
  }
  const fields = codec.outbound(ctx, e, d, args, s);
  const bytes = encode(ctx, b, e, d, fields, error);
  const notLast = args.result_not_last === true;
  const invokeId = queue(ctx, b, e, d, bytes, error, notLast);
  const close = args.send_and_close !== undefined ? args.send_and_close === true : !notLast && e.wire !== 'invoke' && codec.closes?.(e) === true;
  const wire = transmit(ctx, e.name, d, args.send_with_next === true ? 'next' : close ? 'end' : 'send');
  // `fields` is this instance's own object (outbound()), encoded already: the result is made of it, not a copy
  const result: JsonObject = fields;
  result.invoke_id = invokeId;
  if (error) {
    result.errorCode = error.code;
    if (error.name) result.errorCode_name = error.name;
  }
  if (ctx.detailed) ctx.trace(1, `${e.name}: ${COMPONENT[e.wire]}${error ? ` ${error.name ?? error.code}` : ''} id ${invokeId} ${wire ? `sent in TCAP ${wire.tcap} (dialogue ${wire.localTid})` : 'queued for the next message'}`);
  if (ctx.recordsMessages) {
    const view: JsonObject = bytes ? (codec.decode(ctx, e, d, bytes, error).fields as JsonObject) : { ...fields };
    if (error) {
      view.errorCode = error.code;
      if (codec.errorName) view.errorCode_name = error.name ?? null;
    }
    ctx.message({
      direction: 'sent', protocol: b.spec.protocol, name: e.name, fields: { ...view, invoke_id: invokeId, ...(notLast ? { result_not_last: 1 } : {}), ...codec.tags(d), tcap: wire?.tcap ?? 'queued' } as Json,
      ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}),
    });
  }
  return { result };
}
