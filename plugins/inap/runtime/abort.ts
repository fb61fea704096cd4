// tcap.<role>_<to|from>_<peer>.Abort: send a TCAP U-Abort on the role's dialogue, or expect one (U- or P-Abort).
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { isSigtranError, type TcapMessage } from '../../sigtran/api.js';
import { parseHex } from '../../sigtran/ber/index.js';
import { flattenExpected } from '../matching/expected.js';
import { describeMessage } from './describe.js';
import { session } from './session.js';

export function executeAbortSend(ctx: OperationContext, name: string, key: string, args: JsonObject): OperationOutcome {
  const rd = session(ctx).dialogues.get(key);
  if (!rd || rd.ended) ctx.abort(`${name}: no open dialogue to abort${rd ? ` (${rd.endReason})` : ''}`);
  let userInformation: Uint8Array | undefined;
  if (typeof args.u_info_0_octets === 'string') {
    userInformation = parseHex(args.u_info_0_octets);
    if (!userInformation) ctx.abort(`${name}: u_info_0_octets is not hex`);
  }
  if (args.p_cause !== undefined) ctx.trace(1, `${name}: p_cause ${String(args.p_cause)} requested; the gateway sends TC-user aborts only, so a U-Abort is sent`);
  let wire;
  try {
    wire = rd.d.abort(userInformation ? { userInformation } : undefined);
  } catch (e) {
    if (isSigtranError(e)) ctx.abort(`${name}: ${e.message}`);
    throw e;
  }
  rd.ended = true;
  rd.endReason = 'we sent TCAP Abort';
  ctx.message({ direction: 'sent', protocol: 'tcap', name: 'Abort', fields: { u_source: 0 }, ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}) });
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
      m = await rd.d.receive({ timeoutMs: ctx.inboundTimeoutMs, signal: ctx.signal });
    } catch (e) {
      if (isSigtranError(e) && e.kind === 'timeout') ctx.abort(`${name}: timeout: no TCAP Abort within ${ctx.inboundTimeoutMs / 1000} s`);
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
