// tcap.<role>_<to|from>_<peer>.Abort: send a TCAP Abort on the role's dialogue (U-Abort, abort-source user or
// provider, or with p_cause a P-Abort), or expect one (U- or P-Abort).
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { isSigtranError, type AbortOptions, type TcapMessage } from '../../sigtran/api.js';
import { parseHex } from '../../sigtran/ber/index.js';
import { flattenExpected } from '../../sigtran/codec/index.js';
import { describeMessage } from './describe.js';
import { inboundWaitMs, session } from './session.js';

export function executeAbortSend(ctx: OperationContext, name: string, key: string, args: JsonObject): OperationOutcome {
  const rd = session(ctx).dialogues.get(key);
  if (!rd || rd.ended) ctx.abort(`${name}: no open dialogue to abort${rd ? ` (${rd.endReason})` : ''}`);
  let userInformation: Uint8Array | undefined;
  if (typeof args.u_info_0_octets === 'string') {
    userInformation = parseHex(args.u_info_0_octets);
    if (!userInformation) ctx.abort(`${name}: u_info_0_octets is not hex`);
  }
  const opts: AbortOptions = {};
  if (userInformation) opts.userInformation = userInformation;
  const pCause = typeof args.p_cause === 'number' ? args.p_cause : undefined;
  if (pCause !== undefined) {
    if (userInformation || args.u_source !== undefined) ctx.abort(`${name}: p_cause sends a P-Abort, which carries no u_source or u_info_0_octets`);
    opts.pAbortCause = pCause;
  } else {
    if (args.u_source === 1) opts.source = 'provider';
    if (!rd.d.ac && (userInformation || opts.source)) ctx.trace(1, `${name}: the dialogue has no application context, so the Abort carries no ABRT (u_source, u_info_0_octets not sent)`);
  }
  let wire;
  try {
    wire = rd.d.abort(opts);
  } catch (e) {
    if (isSigtranError(e)) ctx.abort(`${name}: ${e.message}`);
    throw e;
  }
  rd.ended = true;
  rd.endReason = 'we sent TCAP Abort';
  const fields: JsonObject = pCause !== undefined ? { kind: 'p-abort', p_cause: pCause } : { kind: 'u-abort', u_source: opts.source === 'provider' ? 1 : 0 };
  if (!wire) fields.sent = 0; // no transaction towards the peer yet: the dialogue is only released locally
  ctx.message({ direction: 'sent', protocol: 'tcap', name: 'Abort', fields, ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}) });
  return { result: { sent: wire ? 1 : 0 } };
}

export async function executeAbortReceive(ctx: OperationContext, name: string, key: string, args: JsonObject): Promise<OperationOutcome> {
  const rd = session(ctx).dialogues.get(key);
  if (!rd) ctx.abort(`${name}: no dialogue to receive an Abort on`);
  if (rd.qi < rd.queue.length) ctx.abort(`${name}: expected a TCAP Abort, but components are still pending (${rd.queue.length - rd.qi})`);
  let m: TcapMessage;
  if (rd.msg && rd.ended && (rd.msg.kind === 'u-abort' || rd.msg.kind === 'p-abort')) m = rd.msg;
  else {
    if (rd.ended) ctx.abort(`${name}: expected a TCAP Abort, but the dialogue has ended (${rd.endReason})`);
    try {
      m = await rd.d.receive({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
    } catch (e) {
      if (isSigtranError(e) && e.kind === 'timeout') ctx.abort(`${name}: timeout: no TCAP Abort within ${inboundWaitMs(ctx) / 1000} s`);
      if (isSigtranError(e)) ctx.abort(`${name}: ${e.message}`);
      throw e;
    }
    rd.msg = m;
    rd.queue = m.components;
    rd.qi = 0;
  }
  if (m.kind !== 'u-abort' && m.kind !== 'p-abort') {
    rd.qi = rd.queue.length;
    if (m.kind === 'end') rd.ended = true;
    ctx.abort(`${name}: expected a TCAP Abort, received ${describeMessage(m)}`);
  }
  rd.ended = true;
  rd.endReason = describeMessage(m);
  const fields: JsonObject = { kind: m.kind, reason: m.reason ?? null };
  if (m.kind === 'p-abort') fields.p_cause = m.pAbortCause ?? null;
  else {
    const pdu = m.dialoguePdu;
    fields.u_source = pdu && pdu.type === 'abrt' ? (pdu.source === 'provider' ? 1 : 0) : 0;
    if (pdu?.userInformation) fields.u_info_0_octets = Buffer.from(pdu.userInformation).toString('hex');
  }
  ctx.received('Abort', fields as Json);
  if (ctx.recordsMessages) ctx.message({ direction: 'received', protocol: 'tcap', name: 'Abort', fields: fields as Json, bytes: m.bytes, dissector: m.dissector, peer: m.peer });
  const flat = flattenExpected(args, new Set(), fields);
  if (Object.keys(flat).length) ctx.match('Abort', flat, fields);
  return { result: fields };
}
