// Executes an inbound MAP message: takes the next component of the role pair's dialogue (waiting for the next TCAP
// message when none is queued; an invoke with no open dialogue waits for a new Begin), aborts the instance on
// anything else than the expected message, decodes it into the flattened form, stores it in $i and matches the
// expected arguments (DESIGN §3).
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { isSigtranError, resolveAc, type Component, type TcapMessage } from '../../sigtran/api.js';
import { expandDotted, flattenExpected } from '../../sigtran/codec/index.js';
import { errorName, mapContextOf, resolveError, ROLE_NAMES, type MessageEntry } from '../catalogue.js';
import { decodeMapDialogue } from '../codec/dialogue.js';
import { decodeMessage } from '../codec/message.js';
import type { MapConfig } from './config.js';
import { describeComponent, describeMessage } from './describe.js';
import { acceptOpening, openingInvoke } from './register.js';
import { addDialogue, inboundWaitMs, newDialogue, pairKey, session, type MapDialogue } from './session.js';

/** Arguments of inbound operations that are checked apart from the message fields. */
export const RECEIVE_CONTROL = new Set(['last_component', 'tcap_ac', 'tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider']);

export const peerName = (e: MessageEntry) => ROLE_NAMES[e.peer] ?? e.peer.toUpperCase();

export function waitError(ctx: OperationContext, name: string, peer: string, e: unknown): never {
  if (isSigtranError(e)) {
    if (e.kind === 'timeout') ctx.abort(`${name}: timeout: nothing received from the ${peer} within ${inboundWaitMs(ctx) / 1000} s`);
    ctx.abort(`${name}: ${e.message}`);
  }
  throw e;
}

/** Take an inbound message into the dialogue's queue. */
export function load(md: MapDialogue, m: TcapMessage): void {
  md.queue = m.components;
  md.qi = 0;
  md.msg = m;
  md.firstOfMsg = true;
  if (md.firstAc === undefined) {
    md.firstAc = m.ac;
    md.firstPdu = m.dialoguePdu;
  }
  if (m.kind === 'end') {
    md.ended = true;
    md.endReason = 'the peer sent TCAP End';
  } else if (m.kind !== 'begin' && m.kind !== 'continue') {
    md.ended = true;
    md.endReason = describeMessage(m, md.context, md.version);
  }
}

/** A dialogue for a Begin the peer opened (after acceptOpening took it). */
export function adoptBegin(ctx: OperationContext, e: MessageEntry, m: TcapMessage, cfg: MapConfig): MapDialogue {
  const mc = mapContextOf(m.ac);
  const version = mc && mc.context === e.op.context ? mc.version : e.op.defaultVersion;
  const md = newDialogue(m.dialogue, version, mc?.context);
  md.mapDialogue = m.dialoguePdu?.type === 'aarq' ? decodeMapDialogue(m.dialoguePdu.userInformation) : undefined;
  addDialogue(session(ctx, cfg), pairKey(e.role, e.peer), md);
  load(md, m);
  ctx.trace(1, `${e.name}: accepted dialogue ${m.dialogue.localTidHex} from ${m.peer} (${m.ac ? `AC ${m.ac.name ?? m.ac.oid}` : 'no AC'}, version ${version})`);
  return md;
}

async function nextComponent(ctx: OperationContext, e: MessageEntry, md: MapDialogue): Promise<{ c: Component; m: TcapMessage; first: boolean }> {
  for (;;) {
    if (md.qi < md.queue.length) {
      const first = md.firstOfMsg;
      md.firstOfMsg = false;
      return { c: md.queue[md.qi++]!, m: md.msg!, first };
    }
    if (md.ended) ctx.abort(`${e.name}: expected from the ${peerName(e)}, but the dialogue has ended (${md.endReason})`);
    let m: TcapMessage;
    try {
      m = await md.d.receive({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
    } catch (err) {
      waitError(ctx, e.name, peerName(e), err);
    }
    load(md, m);
    if (m.kind !== 'begin' && m.kind !== 'continue' && m.kind !== 'end') {
      recordRaw(ctx, m);
      ctx.abort(`${e.name}: expected from the ${peerName(e)}, received ${describeMessage(m, md.context, md.version)}`);
    }
    if (m.components.length === 0) {
      recordRaw(ctx, m);
      if (m.kind === 'end') ctx.abort(`${e.name}: expected from the ${peerName(e)}, but it closed the dialogue with an empty TCAP End`);
      ctx.trace(1, `${e.name}: TCAP ${m.kind} without components`);
    }
  }
}

export function recordRaw(ctx: OperationContext, m: TcapMessage): void {
  if (ctx.recordsMessages) ctx.message({ direction: 'received', protocol: 'tcap', name: `TCAP ${m.kind}`, fields: m.summary(), bytes: m.bytes, dissector: m.dissector, peer: m.peer });
}

export async function executeReceive(ctx: OperationContext, e: MessageEntry, given: JsonObject, cfg: MapConfig): Promise<OperationOutcome> {
  const op = e.op;
  const args = expandDotted(given) as JsonObject;
  let md = session(ctx, cfg).dialogues.get(pairKey(e.role, e.peer));
  if (e.wire === 'invoke' && (!md || md.ended)) md = adoptBegin(ctx, e, await acceptOpening(ctx, e, cfg), cfg);
  else if (!md) ctx.abort(`${e.name}: no dialogue with the ${peerName(e)} to receive on (send ${op.name} first)`);
  const { c, m, first } = await nextComponent(ctx, e, md);
  const v = op.versions[md.version];
  const meta: JsonObject = {};
  let raw: Uint8Array | undefined;
  let errName: string | undefined;
  const unexpected: (what: string) => never = (what) => {
    recordRaw(ctx, m);
    ctx.abort(`${e.name}: expected ${what} from the ${peerName(e)}, received ${describeComponent(c, md.context, md.version)}`);
  };
  if (!v) ctx.abort(`${e.name}: ${op.name} is not defined in version ${md.version} of ${op.context}`);
  if (e.wire === 'invoke') {
    if (c.type !== 'invoke' || c.opcode !== v.opcode) unexpected(`${op.name} (opcode ${v.opcode})`);
    md.received.set(op.name, c.invokeId);
    raw = c.argument;
    meta.invoke_id = c.invokeId;
  } else if (e.wire === 'result') {
    if (c.type !== 'returnResult') unexpected(`the result of ${op.name}`);
    const want = md.sent.get(op.name);
    if (want !== undefined && c.invokeId !== want) ctx.abort(`${e.name}: received a result for invoke ${c.invokeId}, but ${op.name} was invoke ${want}`);
    raw = c.result;
    meta.invoke_id = c.invokeId;
  } else {
    if (c.type !== 'returnError') unexpected(`an error for ${op.name}`);
    raw = c.parameter;
    meta.invoke_id = c.invokeId;
    meta.errorCode = typeof c.errorCode === 'number' ? c.errorCode : String(c.errorCode);
    errName = typeof c.errorCode === 'number' ? errorName(c.errorCode) : undefined;
    meta.errorCode_name = errName ?? null;
  }
  // the opening Invoke of a Begin was decoded once already, for its routing keys
  const opening = m.kind === 'begin' && c === m.components[0] ? openingInvoke(m) : undefined;
  const dr = opening && opening.op === op && opening.version === md.version
    ? (opening.error === undefined ? { ok: true as const, fields: opening.fields } : { ok: false as const, error: opening.error, fields: opening.fields })
    : decodeMessage(op, e.wire, md.version, raw, errName);
  if (!dr.ok) ctx.abort(`${e.name}: the ${e.wire === 'invoke' ? 'argument' : e.wire === 'result' ? 'result' : 'error parameter'} cannot be decoded: ${dr.error}`);
  const fields = dr.fields as JsonObject;
  const last = md.qi >= md.queue.length && m.kind === 'end';
  Object.assign(fields, meta);
  fields.last_component = last ? 1 : 0;
  if (m.kind === 'begin' && md.mapDialogue) fields.tcap = md.mapDialogue as JsonObject;
  ctx.received(e.name, fields as Json);
  if (ctx.detailed) ctx.trace(1, `${e.name}: received ${describeComponent(c, md.context, md.version)} in TCAP ${m.kind}${last ? ' (last component)' : ''}`);
  if (ctx.recordsMessages) {
    ctx.message({
      direction: 'received', protocol: 'gsm_map', name: e.name, fields: { ...fields, version: md.version, tcap_message: m.kind } as Json,
      ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
    });
  }
  checkControls(ctx, e.name, args, md, last);
  const expected: JsonObject = { ...args };
  if (e.wire === 'error' && expected.errorCode !== undefined && expected.errorCode !== null) {
    const want = resolveError(expected.errorCode);
    if (!want) ctx.abort(`${e.name}: errorCode ${JSON.stringify(expected.errorCode)} is neither a MAP error name nor a code`);
    expected.errorCode = want.code;
  }
  const flat = flattenExpected(expected, RECEIVE_CONTROL, fields);
  if (Object.keys(flat).length) ctx.match(e.name, flat, fields);
  return { result: fields };
}

/** last_component, tcap_ac and tcap_result(_diagnostic_*) checks. */
function checkControls(ctx: OperationContext, name: string, args: JsonObject, md: MapDialogue, last: boolean): void {
  if (args.last_component !== undefined && args.last_component !== null) ctx.match(name, { last_component: args.last_component ? 1 : 0 }, { last_component: last ? 1 : 0 });
  if (args.tcap_ac !== undefined) {
    let want: string | null = null;
    if (args.tcap_ac !== null) {
      try {
        want = resolveAc(String(args.tcap_ac))?.oid ?? null;
      } catch (err) {
        ctx.abort(`${name}: tcap_ac ${JSON.stringify(args.tcap_ac)}: ${(err as Error).message}`);
      }
    }
    ctx.match(name, { tcap_ac: want }, { tcap_ac: md.firstAc?.oid ?? null });
  }
  const keys = ['tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider'].filter((k) => args[k] !== undefined);
  if (keys.length) {
    const got: JsonObject = {};
    const pdu = md.firstPdu;
    if (pdu?.type === 'aare') {
      got.tcap_result = pdu.result === 'accepted' ? 0 : 1;
      got[pdu.diagnostic.source === 'user' ? 'tcap_result_diagnostic_user' : 'tcap_result_diagnostic_provider'] = pdu.diagnostic.code;
    }
    ctx.match(name, Object.fromEntries(keys.map((k) => [k, args[k]!])), got);
  }
}
