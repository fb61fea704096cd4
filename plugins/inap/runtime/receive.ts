// Executes an inbound operation: takes the next component of the instance's dialogue (waiting for the next TCAP
// message when none is queued), aborts the instance on anything else than the expected operation, decodes the
// argument into the flattened form, stores it in $i and matches the expected arguments (DESIGN §3).
import type { Json, JsonObject, Later, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { checkDialogueControls, inboundWaitMs, loadMessage, MessageWait, waitError, type Component, type Dialogue, type Expecting, type RejectSpec, type SigtranGateway, type TcapMessage } from '../../sigtran/api.js';
import { OPCODES, OPENING, messageSpec, opName, type MessageSpec } from '../catalogue.js';
import { argType } from '../codec/args.js';
import { decodeArg } from '../../sigtran/codec/index.js';
import { codecOptions } from './codec-options.js';
import { parseVariant } from '../codec/variants.js';
import { variantOfAc } from '../contexts.js';
import { flattenExpected } from '../../sigtran/codec/index.js';
import { addFlags, matchEvents, RRBCSM_FLAGS } from '../matching/rrbcsm.js';
import { describeComponent, describeMessage } from './describe.js';
import { RECEIVE_CONTROL, applyChargingView } from './prepare-args.js';
import { activityTestRule } from './activity-test.js';
import { newRoleDialogue, session, type RoleDialogue } from './session.js';

export interface ReceiveSpec {
  type: string;
  name: string;
  dialogueKey: string;
  /** 'SCP' or 'SSP'/'SRF': who we wait for, for messages. */
  peer: string;
}

const tcapAbort = () => 'TCAP Abort';
const expectings = new WeakMap<ReceiveSpec, Expecting>();

/** Who waits for what, for the shared receive path: one per operation type, not per wait. */
function expecting(spec: ReceiveSpec): Expecting {
  let x = expectings.get(spec);
  if (!x) expectings.set(spec, (x = { name: spec.name, peer: spec.peer, describe: describeMessage, abortRecord: tcapAbort }));
  return x;
}

/** Wait for a Begin from the peer (reverse roles: an SCP waiting for InitialDP). */
async function acceptBegin(ctx: OperationContext, spec: ReceiveSpec, op: string, args: JsonObject): Promise<RoleDialogue> {
  const gw = ctx.gateway() as SigtranGateway;
  let m: TcapMessage;
  try {
    const reg = session(ctx).registrations?.get(op);
    m = reg ? await reg.next({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal }) : await gw.acceptBegin({ opcode: OPCODES[op] }, { timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
  } catch (e) {
    waitError(ctx, spec.name, spec.peer, e);
  }
  const variant = parseVariant(args.variant) ?? variantOfAc(m.ac?.oid) ?? parseVariant((ctx.run.params.inap as JsonObject | undefined)?.variant) ?? session(ctx).cfg.defaultVariant;
  const rd = newRoleDialogue(m.dialogue, variant);
  session(ctx).add(spec.dialogueKey, rd);
  loadMessage(rd, m);
  if (ctx.detailed) ctx.trace(1, `${spec.name}: accepted dialogue ${m.dialogue.localTidHex} from ${m.peer} (variant ${variant}${m.ac ? `, AC ${m.ac.name ?? m.ac.oid}` : ', no AC'})`);
  return rd;
}

/** The ResetTimer rule of the run: ExecuteTest `inap.reset_timer` / `inap.ignore_reset_timer`, else the plugin option. */
function resetTimerRule(ctx: OperationContext): 'ignore' | 'abort' {
  const p = ctx.run.params.inap as JsonObject | undefined;
  if (p?.reset_timer === 'ignore' || p?.reset_timer === 'abort') return p.reset_timer;
  if (p?.ignore_reset_timer !== undefined) return p.ignore_reset_timer === 0 || p.ignore_reset_timer === false || p.ignore_reset_timer === '0' ? 'abort' : 'ignore';
  return session(ctx).cfg.resetTimer;
}

interface Picked {
  c: Component;
  m: TcapMessage;
  first: boolean;
}

/** How many messages one receive may wait through while skipping components (ResetTimer, ActivityTest, empty ones). */
const MAX_WAITS = 1000;

/**
 * The wait of a receive for its component, skipping ResetTimer / answering ActivityTest as configured: one object
 * per waiting instance (the state every in-flight instance of a load run keeps), called back by the dialogue.
 */
class ComponentWait extends MessageWait<OperationOutcome> {
  private waits = 0;
  constructor(
    ctx: OperationContext,
    private readonly spec: ReceiveSpec,
    private readonly args: JsonObject,
    private readonly ms: MessageSpec,
    private readonly rd: RoleDialogue,
  ) {
    super(ctx, rd, expecting(spec));
  }
  protected taken(): void {
    const picked = pickQueued(this.ctx, this.spec, this.rd, this.ms.op);
    if (picked) return this.done(receiveComponent(this.ctx, this.spec, this.args, this.ms, this.rd, picked));
    if (++this.waits >= MAX_WAITS) this.ctx.abort(`${this.spec.name}: too many skipped components`);
    this.next();
  }
}

/** The next queued component the operation gets (skipped and answered ones consumed), or undefined: none is queued. */
function pickQueued(ctx: OperationContext, spec: ReceiveSpec, rd: RoleDialogue, expectOp: string): Picked | undefined {
  while (rd.qi < rd.queue.length) {
    const c = rd.queue[rd.qi++]!;
    const first = rd.firstOfMsg;
    rd.firstOfMsg = false;
    if (c.type === 'invoke' && c.opcode === OPCODES.ResetTimer && expectOp !== 'ResetTimer' && resetTimerRule(ctx) === 'ignore') {
      ctx.trace(1, `${spec.name}: ignored ResetTimer (invoke ${c.invokeId}) while waiting`);
      continue;
    }
    if (c.type === 'invoke' && c.opcode === OPCODES.ActivityTest && expectOp !== 'ActivityTest' && activityTestRule(ctx) !== 'abort') {
      if (rd.ended || rd.d.state === 'ended') {
        // in the peer's End, or its End arrived meanwhile: nothing may be sent on a closed dialogue
        ctx.trace(1, `${spec.name}: ActivityTest (invoke ${c.invokeId}) not answered: the dialogue is closed${rd.endReason ? ` (${rd.endReason})` : ''}`);
        continue;
      }
      rd.d.returnResult({ invokeId: c.invokeId });
      try {
        rd.d.send();
      } catch (e) {
        waitError(ctx, spec.name, spec.peer, e);
      }
      ctx.trace(1, `${spec.name}: answered ActivityTest (invoke ${c.invokeId}) while waiting`);
      continue;
    }
    return { c, m: rd.msg!, first };
  }
  return undefined;
}

/** Record an unexpected component (decoded when it is a known operation) before the instance aborts. */
function recordUnexpected(ctx: OperationContext, rd: RoleDialogue, c: Component, m: TcapMessage, first: boolean): void {
  if (!ctx.recordsMessages) return;
  let name: string = c.type;
  let fields: JsonObject = { unexpected: 1 };
  if (c.type === 'invoke') {
    name = opName(c.opcode) ?? `operation ${String(c.opcode)}`;
    const at = argType(name, rd.variant);
    if (at) fields = { ...(decodeArg(at, c.argument, codecOptions(ctx)).fields as JsonObject), ...fields };
    fields.invoke_id = c.invokeId;
  }
  ctx.message({ direction: 'received', protocol: 'inap', name, fields: { ...fields, variant: rd.variant, tcap: m.kind } as Json, ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}) });
}

/**
 * Without async frames: an instance waiting for its component holds one ComponentWait and a ctx.later() handle (it
 * is the state that every in-flight instance of a load run keeps), and a queued component is taken at once.
 */
export function executeReceive(ctx: OperationContext, spec: ReceiveSpec, args: JsonObject): OperationOutcome | Promise<OperationOutcome> | Later {
  const ms = messageSpec(spec.name);
  // the SCP side's InitialDP / AssistRequestInstructions always come in a new Begin (a new call)
  if (spec.dialogueKey.startsWith('scp:') && OPENING.has(spec.name)) {
    return acceptBegin(ctx, spec, ms.op, args).then((rd) => {
      const r = receiveOn(ctx, spec, args, ms, rd);
      return r instanceof ComponentWait ? r.start() : r;
    });
  }
  const rd = session(ctx).dialogue(spec.dialogueKey);
  if (!rd) ctx.abort(`${spec.name}: no dialogue is open to receive on (send InitialDP first)`);
  const r = receiveOn(ctx, spec, args, ms, rd);
  return r instanceof ComponentWait ? r.later() : r;
}

/**
 * A queued component is taken at once; else the wait for the next message, which the caller starts: settled
 * through the context from execute() itself (later), as a promise after an inbound Begin was awaited (start).
 */
function receiveOn(ctx: OperationContext, spec: ReceiveSpec, args: JsonObject, ms: MessageSpec, rd: RoleDialogue): OperationOutcome | ComponentWait {
  const picked = pickQueued(ctx, spec, rd, ms.op);
  if (picked) return receiveComponent(ctx, spec, args, ms, rd, picked);
  return new ComponentWait(ctx, spec, args, ms, rd);
}

/** The operation on its component: checks, decoding, $i, messages and matching. Aborts the instance on anything else. */
function receiveComponent(ctx: OperationContext, spec: ReceiveSpec, args: JsonObject, ms: MessageSpec, rd: RoleDialogue, { c, m, first }: Picked): OperationOutcome {
  let raw: Uint8Array | undefined;
  const meta: JsonObject = {};
  if (c.type === 'reject') ctx.abort(`${spec.name}: expected from the ${spec.peer}, received a Reject: ${c.text} (invoke ${c.invokeId ?? 'none'})`);
  if (ms.wire === 'invoke') {
    if (c.type !== 'invoke' || opName(c.opcode) !== ms.op) {
      recordUnexpected(ctx, rd, c, m, first);
      ctx.abort(`${spec.name}: expected ${spec.name} from the ${spec.peer}, received ${describeComponent(c)}`);
    }
    (rd.received ??= {})[ms.op] = c.invokeId;
    raw = c.argument;
    meta.invoke_id = c.invokeId;
  } else if (ms.wire === 'result') {
    if (c.type !== 'returnResult') ctx.abort(`${spec.name}: expected the result of ${ms.op} from the ${spec.peer}, received ${describeComponent(c)}`);
    const want = rd.sent?.[ms.op];
    if (want !== undefined && c.invokeId !== want) ctx.abort(`${spec.name}: received a result for invoke ${c.invokeId}, but ${ms.op} was invoke ${want}`);
    raw = c.result;
    meta.invoke_id = c.invokeId;
  } else {
    if (c.type !== 'returnError') ctx.abort(`${spec.name}: expected a ReturnError for ${ms.op} from the ${spec.peer}, received ${describeComponent(c)}`);
    meta.invoke_id = c.invokeId;
    meta.errorCode = typeof c.errorCode === 'number' ? c.errorCode : String(c.errorCode);
  }
  const at = ms.wire === 'error' ? undefined : argType(ms.op, rd.variant, ms.wire === 'result');
  let fields: JsonObject = {};
  if (at) {
    const dr = decodeArg(at, raw, codecOptions(ctx));
    if (!dr.ok) {
      // bad bytes, or a value outside its ASN.1 constraints: the trace keeps what was decoded
      if (ctx.recordsMessages) {
        ctx.message({
          direction: 'received', protocol: 'inap', name: spec.name, fields: { ...dr.fields, ...meta, decode_error: dr.error, variant: rd.variant, tcap: m.kind } as Json,
          ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
        });
      }
      ctx.abort(`${spec.name}: the argument cannot be decoded as ${rd.variant}: ${dr.error}${rejectMistyped(rd, c)}`);
    }
    fields = dr.fields as JsonObject;
  }
  if (ms.op === 'RequestReportBCSMEvent') addFlags(fields);
  else if (ms.op === 'ApplyCharging') applyChargingView(fields, rd.variant);
  const last = rd.qi >= rd.queue.length && m.kind === 'end';
  Object.assign(fields, meta);
  fields.last_component = last ? 1 : 0;
  ctx.received(spec.name, fields as Json);
  if (ctx.detailed) ctx.trace(1, `${spec.name}: received ${describeComponent(c)} in TCAP ${m.kind}${last ? ' (last component)' : ''}`);
  if (ctx.recordsMessages) {
    ctx.message({
      direction: 'received', protocol: 'inap', name: spec.name, fields: { ...fields, variant: rd.variant, tcap: m.kind } as Json,
      ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
    });
  }
  // checks: control arguments first, then fields
  checkDialogueControls(ctx, spec.name, args, rd, last);
  if (ms.op === 'RequestReportBCSMEvent') {
    const evExpected: JsonObject = {};
    const rest: JsonObject = {};
    for (const [k, v] of Object.entries(args)) {
      const base = (k.startsWith('!') ? k.slice(1) : k).replace(/_(mode|timer)$/, '');
      if (base === 'bcsmEvents' || RRBCSM_FLAGS[base]) evExpected[k] = v as Json;
      else rest[k] = v as Json;
    }
    if (Object.keys(evExpected).length) matchEvents(ctx, evExpected, fields);
    const flat = flattenExpected(rest, RECEIVE_CONTROL, fields);
    if (Object.keys(flat).length) ctx.match(spec.name, flat, fields);
  } else {
    const flat = flattenExpected(args, RECEIVE_CONTROL, fields);
    if (Object.keys(flat).length) ctx.match(spec.name, flat, fields);
  }
  return { result: fields };
}

/**
 * Q.774: a component whose parameter the TC-user cannot decode is rejected with *mistypedParameter* (invoke,
 * returnResult or returnError problem). The Reject is queued on the dialogue, so the End that closes it when the
 * instance aborts carries it (with end_open_dialogues 'abort' the dialogue is U-Aborted instead). Returns the text
 * that says so, '' when the dialogue cannot take it (it has ended).
 */
function rejectMistyped(rd: { d: Dialogue }, c: Component): string {
  if (c.type === 'reject') return '';
  const spec: RejectSpec = c.type === 'invoke' ? { invokeId: c.invokeId, problem: 'invoke', code: 2 } : c.type === 'returnResult' ? { invokeId: c.invokeId, problem: 'returnResult', code: 2 } : { invokeId: c.invokeId, problem: 'returnError', code: 4 };
  try {
    rd.d.reject(spec);
    return `; a Reject (${spec.problem}: mistypedParameter) goes back when the dialogue closes`;
  } catch {
    return '';
  }
}
