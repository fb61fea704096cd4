// tcap.<role>_<to|from>_<peer>.Abort for the MAP role pairs: send a TCAP Abort on the pair's dialogue (U-Abort with
// abort-source u_source and user information u_info_0_octets, or with p_cause a P-Abort), or expect one.
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { isSigtranError, type AbortOptions, type TcapMessage } from '../../sigtran/api.js';
import { parseHex } from '../../sigtran/ber/index.js';
import { flattenExpected } from '../../sigtran/codec/index.js';
import type { MapConfig } from './config.js';
import { describeMessage } from './describe.js';
import { inboundWaitMs, pairKey, session } from './session.js';

export interface AbortEntry {
  type: string;
  role: string;
  peer: string;
}

export function executeAbortSend(ctx: OperationContext, a: AbortEntry, args: JsonObject, cfg: MapConfig): OperationOutcome {
  const md = session(ctx, cfg).dialogues.get(pairKey(a.role, a.peer));
  if (!md || md.ended) ctx.abort(`${a.type}: no open dialogue to abort${md ? ` (${md.endReason})` : ''}`);
  const opts: AbortOptions = {};
  if (typeof args.u_info_0_octets === 'string') {
    const ui = parseHex(args.u_info_0_octets);
    if (!ui) ctx.abort(`${a.type}: u_info_0_octets is not hex`);
    opts.userInformation = ui;
  }
  if (typeof args.p_cause === 'number') {
    if (opts.userInformation || args.u_source !== undefined) ctx.abort(`${a.type}: p_cause sends a P-Abort, which carries no u_source or u_info_0_octets`);
    opts.pAbortCause = args.p_cause;
  } else if (args.u_source === 1) opts.source = 'provider';
  let wire;
  try {
    wire = md.d.abort(opts);
  } catch (e) {
    if (isSigtranError(e)) ctx.abort(`${a.type}: ${e.message}`);
    throw e;
  }
  md.ended = true;
  md.endReason = 'we sent TCAP Abort';
  const fields: JsonObject = opts.pAbortCause !== undefined ? { kind: 'p-abort', p_cause: opts.pAbortCause } : { kind: 'u-abort', u_source: opts.source === 'provider' ? 1 : 0 };
  if (!wire) fields.sent = 0;
  ctx.message({ direction: 'sent', protocol: 'tcap', name: 'Abort', fields, ...(wire ? { bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer } : {}) });
  return { result: { sent: wire ? 1 : 0 } };
}

export async function executeAbortReceive(ctx: OperationContext, a: AbortEntry, args: JsonObject, cfg: MapConfig): Promise<OperationOutcome> {
  const md = session(ctx, cfg).dialogues.get(pairKey(a.role, a.peer));
  if (!md) ctx.abort(`${a.type}: no dialogue to receive an Abort on`);
  if (md.qi < md.queue.length) ctx.abort(`${a.type}: expected a TCAP Abort, but components are still pending (${md.queue.length - md.qi})`);
  let m: TcapMessage;
  if (md.msg && md.ended && (md.msg.kind === 'u-abort' || md.msg.kind === 'p-abort')) m = md.msg;
  else {
    if (md.ended) ctx.abort(`${a.type}: expected a TCAP Abort, but the dialogue has ended (${md.endReason})`);
    try {
      m = await md.d.receive({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
    } catch (e) {
      if (isSigtranError(e) && e.kind === 'timeout') ctx.abort(`${a.type}: timeout: no TCAP Abort within ${inboundWaitMs(ctx) / 1000} s`);
      if (isSigtranError(e)) ctx.abort(`${a.type}: ${e.message}`);
      throw e;
    }
    md.msg = m;
    md.queue = m.components;
    md.qi = md.queue.length;
  }
  md.ended = true;
  if (m.kind !== 'u-abort' && m.kind !== 'p-abort') ctx.abort(`${a.type}: expected a TCAP Abort, received ${describeMessage(m, md.context, md.version)}`);
  md.endReason = describeMessage(m);
  const fields: JsonObject = { kind: m.kind, reason: m.reason ?? null };
  if (m.kind === 'p-abort') fields.p_cause = m.pAbortCause ?? null;
  else {
    const pdu = m.dialoguePdu;
    fields.u_source = pdu?.type === 'abrt' && pdu.source === 'provider' ? 1 : 0;
    if (pdu?.userInformation) fields.u_info_0_octets = Buffer.from(pdu.userInformation).toString('hex');
  }
  ctx.received('Abort', fields as Json);
  if (ctx.recordsMessages) ctx.message({ direction: 'received', protocol: 'tcap', name: 'Abort', fields: fields as Json, bytes: m.bytes, dissector: m.dissector, peer: m.peer });
  const flat = flattenExpected(args, new Set(), fields);
  if (Object.keys(flat).length) ctx.match('Abort', flat, fields);
  return { result: fields };
}
