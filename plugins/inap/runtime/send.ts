// Executes an outbound operation: opens the dialogue for dialogue-opening operations, encodes the argument in the
// dialogue's variant, queues the component and sends it (Begin/Continue), groups it (send_with_next) or closes
// (send_and_close = TCAP End).
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { resolveAc, transmit, type ScpParams, type SigtranGateway } from '../../sigtran/api.js';
import { OPCODES, OPENING, messageSpec } from '../catalogue.js';
import { ONLY_IN, argType, definedIn } from '../codec/args.js';
import { CodecError, decodeArg, encodeArg } from '../../sigtran/codec/index.js';
import { codecOptions } from './codec-options.js';
import { parseVariant } from '../codec/variants.js';
import { variantOfAc } from '../contexts.js';
import { newRoleDialogue, session, type RoleDialogue } from './session.js';
import { outboundFields, unknownArgument } from './prepare-args.js';
import { autoAnswerActivityTest } from './activity-test.js';

export interface SendSpec {
  /** Full type, e.g. inap.ssp_to_scp.InitialDP. */
  type: string;
  name: string;
  dialogueKey: string;
}

function acParam(ctx: OperationContext, key: string): unknown {
  const p = ctx.run.params;
  if (key === 'ssp') return p.ssp_ac;
  const inap = p.inap as JsonObject | undefined;
  if (key === 'srf') return inap?.srf_ac;
  return undefined;
}

function openDialogue(ctx: OperationContext, spec: SendSpec, args: JsonObject): RoleDialogue {
  const gw = ctx.gateway() as SigtranGateway;
  const acValue = args.tcap_ac !== undefined ? args.tcap_ac : acParam(ctx, spec.dialogueKey);
  let ac;
  try {
    ac = resolveAc(acValue === undefined || acValue === null ? null : String(acValue));
  } catch (e) {
    ctx.abort(`${spec.name}: tcap_ac ${JSON.stringify(acValue)}: ${(e as Error).message}`);
  }
  const variant = parseVariant(args.variant) ?? variantOfAc(ac?.oid) ?? parseVariant((ctx.run.params.inap as JsonObject | undefined)?.variant) ?? session(ctx).cfg.defaultVariant;
  let d;
  try {
    d = gw.openDialogue({ scp: ctx.run.params.scp as ScpParams | undefined, ac, signal: ctx.endSignal, autoAnswer: autoAnswerActivityTest(ctx, variant) });
  } catch (e) {
    ctx.abort(`${spec.name}: cannot open a TCAP dialogue: ${(e as Error).message}`);
  }
  const rd = newRoleDialogue(d, variant);
  session(ctx).add(spec.dialogueKey, rd);
  if (ctx.detailed) ctx.trace(1, `${spec.name}: opened dialogue ${d.localTidHex} (variant ${variant}${ac ? `, AC ${ac.name ?? ac.oid}` : ', no AC'})`);
  return rd;
}

export function executeSend(ctx: OperationContext, spec: SendSpec, args: JsonObject): OperationOutcome {
  const ms = messageSpec(spec.name);
  const s = session(ctx);
  let rd = s.dialogue(spec.dialogueKey);
  if (OPENING.has(spec.name) && !spec.dialogueKey.startsWith('scp:')) rd = openDialogue(ctx, spec, args);
  else if (!rd || rd.ended) {
    const why = rd ? `the dialogue has ended (${rd.endReason})` : spec.dialogueKey.startsWith('scp:') ? 'no dialogue from the peer yet (receive its InitialDP / AssistRequestInstructions first)' : 'no dialogue is open (send InitialDP first)';
    ctx.abort(`${spec.name}: cannot send: ${why}`);
  }
  if (!definedIn(ms.op, rd.variant)) ctx.abort(`${spec.name}: ${ms.op} is not defined in variant ${rd.variant}${ONLY_IN[ms.op] ? ` (only in ${ONLY_IN[ms.op]!.join(', ')})` : ''}`);
  const fields = outboundFields(ms.op, rd.variant, args, s.cfg);
  const at = argType(ms.op, rd.variant, ms.wire === 'result');
  if (ms.wire !== 'error') {
    const unknown = unknownArgument(at, fields);
    if (unknown !== undefined) ctx.abort(`${spec.name}: argument ${unknown} is not defined for ${ms.op}${ms.wire === 'result' ? ' results' : ''} in variant ${rd.variant}`);
  }
  let bytes: Uint8Array | undefined;
  if (at && ms.wire !== 'error') {
    try {
      bytes = encodeArg(at, fields, codecOptions(ctx));
    } catch (e) {
      if (e instanceof CodecError) ctx.abort(`${spec.name}: cannot encode the argument: ${e.message}`);
      throw e;
    }
  }
  const d = rd.d;
  let invokeId: number;
  if (ms.wire === 'invoke') {
    invokeId = d.invoke({ opcode: OPCODES[ms.op]!, argument: bytes });
    (rd.sent ??= {})[ms.op] = invokeId;
  } else {
    const id = rd.received?.[ms.op];
    if (id === undefined) ctx.abort(`${spec.name}: no ${ms.op} was received on this dialogue to answer`);
    invokeId = id;
    if (ms.wire === 'result') d.returnResult({ invokeId, opcode: bytes ? OPCODES[ms.op] : undefined, result: bytes });
    else {
      const code = Number(args.errorCode);
      if (!Number.isInteger(code)) ctx.abort(`${spec.name}: errorCode must be an integer`);
      d.returnError({ invokeId, errorCode: code });
    }
  }
  const wire = transmit(ctx, spec.name, rd, args.send_with_next === true ? 'next' : args.send_and_close === true ? 'end' : 'send');
  // The result (for tests[] kpaths) is the same for every instance: the arguments as given plus the invoke id.
  // `fields` is this instance's own object (outboundFields), encoded already: the result is made of it, not a copy.
  const result: JsonObject = fields;
  result.invoke_id = invokeId;
  if (ms.wire === 'error') result.errorCode = Number(args.errorCode);
  if (ctx.detailed) ctx.trace(1, `${spec.name}: ${ms.wire === 'invoke' ? 'Invoke' : ms.wire === 'result' ? 'ReturnResult' : 'ReturnError'} id ${invokeId} ${wire ? `sent in TCAP ${wire.tcap} (dialogue ${wire.localTid})` : 'queued for the next message'}`);
  if (ctx.recordsMessages) {
    const view: JsonObject = at && bytes ? (decodeArg(at, bytes, codecOptions(ctx)).fields as JsonObject) : { ...fields };
    if (ms.wire === 'error') view.errorCode = Number(args.errorCode);
    ctx.message({
      direction: 'sent', protocol: 'inap', name: spec.name, fields: { ...view, invoke_id: invokeId, variant: rd.variant, tcap: wire?.tcap ?? 'queued' } as Json,
      ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}),
    });
  }
  return { result };
}
