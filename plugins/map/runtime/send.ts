// Executes an outbound MAP message: an invoke opens the role pair's dialogue (TCAP Begin with the AC and the
// MAP-OPEN user information) unless one is open, then goes in a Continue; a result or error answers the last
// invoke of its operation received on the dialogue and, for operations whose responder closes the dialogue, goes
// in a TCAP End (send_and_close overrides either way; send_with_next queues it for the next message).
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { resolveAc, transmit, type ApplicationContext, type ScpParams, type SigtranGateway } from '../../sigtran/api.js';
import { CodecError, expandDotted } from '../../sigtran/codec/index.js';
import { defaultAc, mapContextOf, resolveError, type MessageEntry } from '../catalogue.js';
import { encodeMapDialogue } from '../codec/dialogue.js';
import { decodeMessage, encodeMessage } from '../codec/message.js';
import type { MapConfig } from './config.js';
import { addDialogue, newDialogue, pairKey, session, type MapDialogue } from './session.js';

/** Arguments of outbound operations that control the sending, never encoded. */
export const SEND_CONTROL = new Set(['tcap_ac', 'tcap', 'send_with_next', 'send_and_close', 'errorCode']);

/** The AC of a dialogue this role opens: the operation's tcap_ac, else the run's hlr_ac (HLR role), else the
 *  operation's own context. */
function acFor(ctx: OperationContext, e: MessageEntry, args: JsonObject): ApplicationContext | null {
  const given = 'tcap_ac' in args ? args.tcap_ac : e.role === 'hlr' && ctx.run.params.hlr_ac !== undefined ? ctx.run.params.hlr_ac : defaultAc(e.op);
  try {
    return resolveAc(given === null || given === undefined ? null : String(given));
  } catch (err) {
    ctx.abort(`${e.name}: tcap_ac ${JSON.stringify(given)}: ${(err as Error).message}`);
  }
}

function openDialogue(ctx: OperationContext, e: MessageEntry, args: JsonObject, cfg: MapConfig): MapDialogue {
  const ac = acFor(ctx, e, args);
  const mc = mapContextOf(ac);
  const version = mc && mc.context === e.op.context ? mc.version : e.op.defaultVersion;
  const tcap = args.tcap;
  let userInformation: Uint8Array | undefined;
  if (tcap !== undefined && tcap !== null) {
    if (typeof tcap !== 'object' || Array.isArray(tcap)) ctx.abort(`${e.name}: tcap: expected an object such as { map_open: { destination_reference_digits } }`);
    if (!ac) ctx.abort(`${e.name}: tcap.map_open needs an application context (the MAP-OPEN travels in the AARQ)`);
    try {
      userInformation = encodeMapDialogue(tcap as Record<string, unknown>);
    } catch (err) {
      if (err instanceof CodecError) ctx.abort(`${e.name}: tcap.${err.message}`);
      throw err;
    }
  }
  const gw = ctx.gateway() as SigtranGateway;
  let d;
  try {
    d = gw.openDialogue({ scp: ctx.run.params.scp as ScpParams | undefined, ac, userInformation, signal: ctx.endSignal });
  } catch (err) {
    ctx.abort(`${e.name}: cannot open a TCAP dialogue: ${(err as Error).message}`);
  }
  const md = newDialogue(d, version, mc?.context);
  addDialogue(session(ctx, cfg), pairKey(e.role, e.peer), md);
  ctx.trace(1, `${e.name}: opened dialogue ${d.localTidHex} (${ac ? `AC ${ac.name ?? ac.oid}` : 'no AC'}, version ${version})`);
  return md;
}

export function executeSend(ctx: OperationContext, e: MessageEntry, given: JsonObject, cfg: MapConfig): OperationOutcome {
  const op = e.op;
  const args = expandDotted(given) as JsonObject;
  let md = session(ctx, cfg).dialogues.get(pairKey(e.role, e.peer));
  if (e.wire === 'invoke') {
    if (!md || md.ended) md = openDialogue(ctx, e, args, cfg);
    else if ('tcap_ac' in args || 'tcap' in args) ctx.trace(1, `${e.name}: the dialogue is open: tcap_ac / tcap apply only to the Begin`);
  } else if (!md || md.ended) {
    ctx.abort(`${e.name}: cannot send: ${md ? `the dialogue has ended (${md.endReason})` : `no ${op.name} was received from the ${e.peer.toUpperCase()} to answer`}`);
  }
  const v = op.versions[md.version];
  if (!v) ctx.abort(`${e.name}: ${op.name} is not defined in version ${md.version} of ${op.context} (versions ${Object.keys(op.versions).join(', ')})`);
  const fields: JsonObject = {};
  for (const k of Object.keys(args)) if (!SEND_CONTROL.has(k) && args[k] !== undefined) fields[k] = args[k]!;
  let error: { code: number; name: string | undefined } | undefined;
  if (e.wire === 'error') {
    error = resolveError(args.errorCode);
    if (!error) ctx.abort(`${e.name}: errorCode ${JSON.stringify(args.errorCode)} is neither a MAP error name (${op.errors.join(', ')}, ...) nor a code`);
  }
  let bytes: Uint8Array | undefined;
  try {
    bytes = encodeMessage(op, e.wire, md.version, fields, error?.name);
  } catch (err) {
    if (err instanceof CodecError) ctx.abort(`${e.name}: cannot encode the ${e.wire === 'invoke' ? 'argument' : e.wire === 'result' ? 'result' : 'error parameter'}: ${err.message}`);
    throw err;
  }
  const d = md.d;
  let invokeId: number;
  if (e.wire === 'invoke') {
    invokeId = d.invoke({ opcode: v.opcode, argument: bytes });
    md.sent.set(op.name, invokeId);
  } else {
    const id = md.received.get(op.name);
    if (id === undefined) ctx.abort(`${e.name}: no ${op.name} was received on this dialogue to answer`);
    invokeId = id;
    md.received.delete(op.name);
    if (e.wire === 'result') d.returnResult({ invokeId, opcode: bytes ? v.opcode : undefined, result: bytes });
    else d.returnError({ invokeId, errorCode: error!.code, parameter: bytes });
  }
  const close = args.send_and_close !== undefined ? args.send_and_close === true : e.wire !== 'invoke' && op.endsDialogue;
  const wire = transmit(ctx, e.name, md, args.send_with_next === true ? 'next' : close ? 'end' : 'send');
  const result: JsonObject = { ...fields, invoke_id: invokeId };
  if (error) Object.assign(result, { errorCode: error.code, ...(error.name ? { errorCode_name: error.name } : {}) });
  if (ctx.detailed) ctx.trace(1, `${e.name}: ${e.wire === 'invoke' ? `Invoke ${op.asn} (${v.opcode})` : e.wire === 'result' ? 'ReturnResult' : `ReturnError ${error!.name ?? error!.code}`} id ${invokeId} ${wire ? `sent in TCAP ${wire.tcap} (dialogue ${wire.localTid})` : 'queued for the next message'}`);
  if (ctx.recordsMessages) {
    const view: JsonObject = bytes ? (decodeMessage(op, e.wire, md.version, bytes, error?.name).fields as JsonObject) : {};
    if (error) Object.assign(view, { errorCode: error.code, errorCode_name: error.name ?? null });
    ctx.message({
      direction: 'sent', protocol: 'gsm_map', name: e.name, fields: { ...view, invoke_id: invokeId, version: md.version, tcap: wire?.tcap ?? 'queued' } as Json,
      ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}),
    });
  }
  return { result };
}
