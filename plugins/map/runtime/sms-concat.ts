// Long short messages on the wire (TS 29.002 §23.3, TS 23.040 §9.2.3.24.1): the send of a forwardSM whose text does
// not fit one TPDU, and the receipt of the parts.
//
// Sending: the text is split (codec/concat.ts). With `sm-RP-UI_tpdu.concat_part: k` the send carries part k alone,
// in its own dialogue as an MSC sends each MO part (MO-ForwardSM has no moreMessagesToSend: one message per
// dialogue); an MT send without it carries every part in the one dialogue as TS 29.002 §23.3.3 has the SMSC do:
// part 1 in the Begin with moreMessagesToSend, each further part in a Continue once the previous one's ReturnResult
// came (the receive step of the result waits through them, `skip`), the last without moreMessagesToSend, whose
// result (in the End) the receive step takes.
// Receiving: a part that comes with moreMessagesToSend is answered at once (an empty ReturnResult in a Continue) and
// kept; the parts of a message are put together by reference across the instance's dialogues (MO parts come in
// one dialogue each), and the part that completes one gets `concat_text` (the whole text) and `concat_parts`.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { Component } from '../../sigtran/api.js';
import { CodecError } from '../../sigtran/codec/index.js';
import type { MessageEntry } from '../../sigtran/user/index.js';
import type { MapOperation } from '../catalogue.js';
import { Reassembly, refBitsOf, splitTpdu } from '../codec/concat.js';
import { decodeMessage, encodeMessage } from '../codec/message.js';
import { TextError } from '../codec/text.js';
import { TpduError } from '../codec/tpdu.js';
import type { MapDialogue } from '../dialogue.js';

type Obj = Record<string, unknown>;
type Entry = MessageEntry<MapOperation>;

const TPDU = 'sm-RP-UI_tpdu';
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parts an MT send has still to send on its dialogue, and the invoke whose result lets the next one go. */
interface Pending {
  fields: Obj;
  parts: Obj[];
  invokeId: number | undefined;
}
const pending = new WeakMap<MapDialogue, Pending>();

/** Per instance: the reassembly of received parts, and the count of long messages sent (for their references). */
interface ConcatState {
  reassembly: Reassembly;
  sent: number;
}
const stateOf = (ctx: OperationContext) => ctx.state<ConcatState>('map.sms-concat', () => ({ reassembly: new Reassembly(), sent: 0 }));

/** A default reference: the instance's number and its count of long messages, so that instances differ. */
function defaultRef(ctx: OperationContext, bits: number): number {
  const st = stateOf(ctx);
  return (ctx.index * 7 + st.sent++) % (bits === 16 ? 0x10000 : 0x100);
}

function split(ctx: OperationContext, e: Entry, tpdu: Obj): Obj[] {
  try {
    const bits = refBitsOf(tpdu);
    const given = tpdu.concat_ref;
    const ref = given === undefined || given === null ? undefined : Number(given);
    const parts = splitTpdu(tpdu, ref ?? 0, bits);
    if (parts.length > 1 && ref === undefined) {
      const r = defaultRef(ctx, bits);
      for (const p of parts) p.concat_ref = r;
    }
    return parts;
  } catch (err) {
    if (err instanceof TpduError || err instanceof TextError) ctx.abort(`${e.name}: cannot encode the argument: ${TPDU}.${err.message}`);
    throw err;
  }
}

/**
 * The fields of a forwardSM Invoke to send, its long text split: part `concat_part` alone, or (MT) part 1 with
 * moreMessagesToSend and the rest kept for the dialogue. Other sends pass through.
 */
export function splitOutbound(ctx: OperationContext, e: Entry, d: MapDialogue, fields: JsonObject): JsonObject {
  const tpdu = fields[TPDU];
  if (!e.row.tpdu || e.wire !== 'invoke' || !isObj(tpdu)) return fields;
  const parts = split(ctx, e, tpdu);
  if (parts.length === 1) return fields;
  const k = tpdu.concat_part;
  if (k !== undefined && k !== null) {
    const part = parts[Number(k) - 1];
    if (!part) ctx.abort(`${e.name}: ${TPDU}.concat_part: ${JSON.stringify(k)} is not a part of 1..${parts.length}`);
    fields[TPDU] = part as JsonObject;
    return fields;
  }
  if (e.row.tpdu === 'mo') {
    ctx.abort(`${e.name}: the text needs ${parts.length} parts; MO-ForwardSM carries one per dialogue (TS 29.002 has no moreMessagesToSend for MO): send it ${parts.length} times with ${TPDU}.concat_part 1..${parts.length} (and one concat_ref)`);
  }
  if (d.version < 2) ctx.abort(`${e.name}: the text needs ${parts.length} parts; MAP v1 forwardSM has no moreMessagesToSend: send each with ${TPDU}.concat_part`);
  const rest = { ...fields };
  delete rest[TPDU];
  delete rest.moreMessagesToSend;
  pending.set(d, { fields: rest, parts: parts.slice(1), invokeId: undefined });
  fields[TPDU] = parts[0] as JsonObject;
  fields.moreMessagesToSend = 1;
  return fields;
}

/** Send the next part of the dialogue's long MT message once the previous part's result came; true when it did. */
function sendNext(ctx: OperationContext, e: Entry, d: MapDialogue, c: Component): boolean {
  const p = pending.get(d);
  if (!p || c.type !== 'returnResult' || c.invokeId !== (p.invokeId ?? d.sentInvokeId(e.op))) return false;
  const part = p.parts.shift()!;
  // a peer that ignores moreMessagesToSend ends the dialogue with its first result: the rest cannot follow
  if (d.msg?.kind !== 'continue' || d.ended) {
    pending.delete(d);
    ctx.abort(`${e.name}: the ${e.peerName} answered part ${Number(part.concat_seq) - 1} of ${String(part.concat_total)} in a TCAP ${d.msg?.kind ?? 'message'}, not a Continue (it ignored moreMessagesToSend): the other parts cannot follow; send them with ${TPDU}.concat_part in dialogues of their own`);
  }
  const fields: Obj = { ...p.fields, [TPDU]: part, ...(p.parts.length ? { moreMessagesToSend: 1 } : {}) };
  if (!p.parts.length) pending.delete(d);
  let bytes: Uint8Array | undefined;
  try {
    bytes = encodeMessage(e.row, 'invoke', d.version, fields);
  } catch (err) {
    if (err instanceof CodecError) ctx.abort(`${e.name}: cannot encode part ${String(part.concat_seq)}: ${err.message}`);
    throw err;
  }
  const id = d.d.invoke({ opcode: e.row.versions[d.version]!.opcode, argument: bytes });
  p.invokeId = id;
  d.noteSent(e.op, id);
  const wire = d.d.send();
  if (ctx.detailed) ctx.trace(1, `${e.name}: part ${String(part.concat_seq)} of ${String(part.concat_total)} sent (Invoke id ${id}, TCAP ${wire.tcap})`);
  if (ctx.recordsMessages) {
    const view = decodeMessage(e.row, 'invoke', d.version, bytes).fields;
    ctx.message({ direction: 'sent', protocol: 'gsm_map', name: e.op, fields: { ...view, invoke_id: id, version: d.version, tcap: wire.tcap } as JsonObject, bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer });
  }
  return true;
}

/** A part that comes with moreMessagesToSend: kept and answered at once, so that the next comes; true when it was. */
function answerPart(ctx: OperationContext, e: Entry, d: MapDialogue, c: Component): boolean {
  if (c.type !== 'invoke' || c.opcode !== e.row.versions[d.version]?.opcode) return false;
  const r = decodeMessage(e.row, 'invoke', d.version, c.argument);
  const tpdu = r.fields[TPDU];
  if (!r.ok || r.fields.moreMessagesToSend === undefined || !isObj(tpdu) || typeof tpdu.concat_seq !== 'number') return false;
  stateOf(ctx).reassembly.add(tpdu);
  d.d.returnResult({ invokeId: c.invokeId });
  const wire = d.d.send();
  if (ctx.detailed) ctx.trace(1, `${e.name}: part ${tpdu.concat_seq} of ${String(tpdu.concat_total)} received (Invoke id ${c.invokeId}), answered in TCAP ${wire.tcap}`);
  if (ctx.recordsMessages) {
    const m = d.msg;
    ctx.message({
      direction: 'received', protocol: 'gsm_map', name: e.name, fields: { ...r.fields, invoke_id: c.invokeId, version: d.version, tcap_message: m?.kind ?? null } as JsonObject,
      ...(m && m.components[0] === c ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}),
    });
    ctx.message({ direction: 'sent', protocol: 'gsm_map', name: `${e.op}Result`, fields: { invoke_id: c.invokeId, version: d.version, tcap: wire.tcap }, bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer });
  }
  return true;
}

/** The family's `skip`: the components of a long MT message that the tester handles itself. */
export function concatSkip(ctx: OperationContext, e: Entry, d: MapDialogue, c: Component): boolean {
  if (!e.row.tpdu) return false;
  if (e.wire === 'result') return sendNext(ctx, e, d, c);
  if (e.wire === 'invoke') return answerPart(ctx, e, d, c);
  return false;
}

/** A received forwardSM Invoke: its part kept, and when it completes a message, the whole text and the parts. */
export function reassembleInbound(ctx: OperationContext, e: Entry, fields: Obj): void {
  const tpdu = fields[TPDU];
  if (!e.row.tpdu || e.wire !== 'invoke' || !isObj(tpdu) || typeof tpdu.concat_seq !== 'number') return;
  const whole = stateOf(ctx).reassembly.add(tpdu);
  if (!whole) return;
  // copies first: this part is one of them and gets the whole
  const parts = whole.parts.map((p) => ({ ...p }));
  tpdu.concat_text = whole.text;
  tpdu.concat_parts = parts;
}
