// The TCAP-user Abort operations (tcap.<role>_<to|from>_<peer>.Abort of every family, family.ts): send a TCAP Abort
// on a dialogue (U-Abort with abort-source u_source and user information u_info_0_octets, or with p_cause a
// P-Abort), or expect one (U- or P-Abort) and match its fields.
import type { Json, JsonObject, JsonSchema, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import type { AbortOptions, DialoguePdu, TcapMessage } from '../api.js';
import { parseHex } from '../ber/index.js';
import { flattenExpected, hasKeys } from '../codec/index.js';
import { isSigtranError } from '../errors.js';
import { describeEnding, inboundWaitMs, type UserDialogue } from './dialogue.js';
import type { AbortSpec } from './spec.js';

/** The arguments of the sending Abort operation. */
export const ABORT_SEND_ARGUMENTS: JsonSchema = {
  type: 'object',
  properties: {
    u_source: { type: 'integer', minimum: 0, maximum: 1, description: 'ABRT abort-source: 0 dialogue-service-user (default), 1 dialogue-service-provider.' },
    u_info_0_octets: { type: 'string', description: 'User information of the ABRT (hex: one or more EXTERNALs).' },
    p_cause: { type: 'integer', minimum: 0, maximum: 4, description: 'Send a P-Abort with this P-AbortCause (Q.773: 0 unrecognizedMessageType .. 4 resourceLimitation) instead of a U-Abort.' },
  },
};

/** The arguments of the receiving Abort operation: the fields of the Abort expected. */
export const ABORT_RECEIVE_ARGUMENTS = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['u-abort', 'p-abort'] }, p_cause: { type: 'integer' }, u_source: { type: 'integer' }, u_info_0_octets: { type: 'string' }, reason: { type: 'string' },
    tcap_ac: { type: 'string', description: 'The AC of an AARE the Abort carries (a refused Begin): dotted OID.' },
    tcap_result: { type: 'integer', description: 'Its result: 1 reject-permanent.' },
    tcap_result_diagnostic_user: { type: 'integer', description: 'Its dialogue-service-user diagnostic (1 no-reason-given, 2 application-context-name-not-supported).' },
    tcap_result_diagnostic_provider: { type: 'integer' },
  },
} satisfies JsonSchema;

/** Send the Abort `args` describe on `ud` (undefined: no dialogue); `name` is the operation's, for messages. */
export function sendAbort(ctx: OperationContext, name: string, ud: UserDialogue | undefined, args: JsonObject, own?: AbortSpec): OperationOutcome {
  if (!ud || ud.ended) ctx.abort(`${name}: no open dialogue to abort${ud ? ` (${ud.endReason})` : ''}`);
  const given = own?.outbound(args) ?? {};
  if (typeof given === 'string') ctx.abort(`${name}: ${given}`);
  const opts: AbortOptions = { ...given };
  if (typeof args.u_info_0_octets === 'string') {
    const ui = parseHex(args.u_info_0_octets);
    if (!ui) ctx.abort(`${name}: u_info_0_octets is not hex`);
    opts.userInformation = ui;
  }
  if (typeof args.p_cause === 'number') {
    if (opts.userInformation || args.u_source !== undefined) ctx.abort(`${name}: p_cause sends a P-Abort, which carries no u_source or u_info_0_octets`);
    opts.pAbortCause = args.p_cause;
  } else {
    if (args.u_source === 1) opts.source = 'provider';
    if (!ud.d.ac && (opts.userInformation || opts.source)) ctx.trace(1, `${name}: the dialogue has no application context, so the Abort carries no ABRT (u_source, u_info_0_octets not sent)`);
  }
  let wire;
  try {
    wire = ud.d.abort(opts);
  } catch (e) {
    if (isSigtranError(e)) ctx.abort(`${name}: ${e.message}`);
    throw e;
  }
  ud.ended = true;
  ud.endReason = 'we sent TCAP Abort';
  const fields: JsonObject = opts.pAbortCause !== undefined ? { kind: 'p-abort', p_cause: opts.pAbortCause } : { kind: 'u-abort', u_source: opts.source === 'provider' ? 1 : 0 };
  for (const k of Object.keys(own?.send ?? {})) if (args[k] !== undefined) fields[k] = args[k]!;
  if (!wire) fields.sent = 0; // no transaction towards the peer yet: the dialogue is only released locally
  ctx.message({ direction: 'sent', protocol: 'tcap', name: 'Abort', fields, ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}) });
  return { result: { sent: wire ? 1 : 0 } };
}

/** How receiveAbort() names a message that is not an Abort, in the reason it aborts the instance with. */
export interface NotAnAbort {
  /** The message, readably (components named as the TC-user names them). */
  describe(m: TcapMessage): string;
}

/** Expect a TCAP Abort on `ud` (undefined: no dialogue) and match its fields against `args`. */
export async function receiveAbort(ctx: OperationContext, name: string, ud: UserDialogue | undefined, args: JsonObject, other: NotAnAbort, own?: AbortSpec): Promise<OperationOutcome> {
  if (!ud) ctx.abort(`${name}: no dialogue to receive an Abort on`);
  if (ud.qi < ud.queue.length) ctx.abort(`${name}: expected a TCAP Abort, but components are still pending (${ud.queue.length - ud.qi})`);
  let m: TcapMessage;
  if (ud.msg && ud.ended && (ud.msg.kind === 'u-abort' || ud.msg.kind === 'p-abort')) m = ud.msg;
  else {
    if (ud.ended) ctx.abort(`${name}: expected a TCAP Abort, but the dialogue has ended (${ud.endReason})`);
    try {
      m = await ud.d.receive({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
    } catch (e) {
      if (isSigtranError(e) && e.kind === 'timeout') ctx.abort(`${name}: timeout: no TCAP Abort within ${inboundWaitMs(ctx) / 1000} s`);
      if (isSigtranError(e)) ctx.abort(`${name}: ${e.message}`);
      throw e;
    }
    ud.msg = m;
    ud.qi = m.components.length;
  }
  if (m.kind !== 'u-abort' && m.kind !== 'p-abort') {
    // Only a TCAP End closed the dialogue; after a Begin or Continue it is still open, and the instance's cleanup
    // closes it as end_open_dialogues says (End, U-Abort, prearranged). A notice ended the TCAP dialogue itself.
    if (m.kind === 'end') ud.ended = true;
    ctx.abort(`${name}: expected a TCAP Abort, received ${other.describe(m)}`);
  }
  ud.ended = true;
  ud.endReason = describeEnding(m);
  const fields: JsonObject = { kind: m.kind, reason: m.reason ?? null };
  if (m.kind === 'p-abort') fields.p_cause = m.pAbortCause ?? null;
  else {
    const pdu = m.dialoguePdu;
    fields.u_source = pdu?.type === 'abrt' && pdu.source === 'provider' ? 1 : 0;
    if (pdu?.userInformation) fields.u_info_0_octets = Buffer.from(pdu.userInformation).toString('hex');
    if (pdu?.type === 'aare') Object.assign(fields, aareFields(pdu));
  }
  own?.inbound(m, fields);
  ctx.received('Abort', fields as Json);
  if (ctx.recordsMessages) ctx.message({ direction: 'received', protocol: 'tcap', name: 'Abort', fields: fields as Json, bytes: m.bytes, dissector: m.dissector, peer: m.peer });
  const expected = own?.expected ? own.expected(args) : args;
  if (typeof expected === 'string') ctx.abort(`${name}: ${expected}`);
  const flat = flattenExpected(expected, new Set(), fields);
  if (hasKeys(flat)) ctx.match('Abort', flat, fields);
  return { result: fields };
}

/** The AARE of an Abort refusing the dialogue (the same names as the receive operations' AARE checks). */
function aareFields(pdu: DialoguePdu & { type: 'aare' }): JsonObject {
  return { tcap_ac: pdu.ac.oid, tcap_result: pdu.result === 'accepted' ? 0 : 1, [pdu.diagnostic.source === 'user' ? 'tcap_result_diagnostic_user' : 'tcap_result_diagnostic_provider']: pdu.diagnostic.code };
}
