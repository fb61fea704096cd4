// P-Aborts, and the answers to messages TCAP cannot take (Q.774): a message that does not decode gets a P-Abort
// naming the fault in its transaction or dialogue portion, or a TCAP End carrying a Reject for a fault in its
// component portion, and our dialogue it belongs to ends as a local P-Abort. Also the P-Abort refusing a Begin
// nobody took, the local P-Abort of dialogues whose gateway went away, and the readable reason of a received Abort.
import type { TcapMessage } from '../api.js';
import type { InboundContext, LogFn } from '../sccp/service.js';
import { PAbortCause, P_ABORT_CAUSES, type DecodedTcap, type OutTcap, type TcapError } from './codec.js';
import { rejectText } from './components.js';
import type { DialogueImpl } from './dialogue.js';
import { InboundMessage } from './message.js';

/** What answering needs from the TCAP layer. */
export interface AbortHost {
  /** Send in dialogue `d`; throws when nothing can be sent. */
  transmit(d: DialogueImpl, m: OutTcap): unknown;
  /** Send outside any dialogue, back to where `ctx` came from; never throws. */
  transmitReply(ctx: InboundContext, m: OutTcap): void;
  /** The open dialogue of a transaction id as received. */
  find(tid: Uint8Array): DialogueImpl | undefined;
  readonly log: LogFn;
}

/**
 * End our dialogue `d` as a P-Abort that was not on the wire (gateway stopped, association lost, a bad message from
 * the peer): its receive gets the P-Abort with `reason`, from `ctx` when a message caused it.
 */
export function abortLocally(d: DialogueImpl, reason: string, ctx?: InboundContext): void {
  const from = ctx ?? { called: d.localAddress, calling: d.remoteAddress, opc: d.dpc, dpc: d.opc, sls: d.sls, raw: new Uint8Array(0), peer: '' };
  const m = new InboundMessage('p-abort', d, [], undefined, from);
  m.reason = reason;
  d.deliver(m);
  d.finish(reason);
}

/** A P-Abort to a transaction outside our dialogues (unknown transaction, changed otid, no room for a Begin). */
export function pAbortReply(host: AbortHost, ctx: InboundContext, dtid: Uint8Array, cause: number): void {
  host.transmitReply(ctx, { kind: 'abort', dtid, pAbortCause: cause });
}

/** Refuse an inbound Begin no test instance took: P-Abort resourceLimitation, and its dialogue ends. */
export function refuseBegin(host: AbortHost, m: TcapMessage): void {
  const d = m.dialogue as DialogueImpl;
  try {
    host.transmit(d, { kind: 'abort', dtid: d.remoteTid!, pAbortCause: PAbortCause.resourceLimitation });
  } catch {
    // down: the dialogue ends all the same
  }
  d.finish('refused: no test instance took the Begin');
}

/** The readable reason of an Abort the peer sent: its P-Abort cause, AC refusal, or U-Abort. */
export function abortReason(dec: DecodedTcap): string {
  if (dec.pAbortCause !== undefined) return `TCAP P-Abort from the peer: ${P_ABORT_CAUSES[dec.pAbortCause] ?? 'cause'} (${dec.pAbortCause})`;
  const dlg = dec.dialogue;
  if (dlg?.type === 'aare') {
    const dg = dlg.diagnostic;
    const notSupported = dg.source === 'user' && dg.code === 2 ? ' (application-context-name-not-supported)' : '';
    return `TCAP U-Abort from the peer: application context ${dlg.ac.name ?? dlg.ac.oid} ${dlg.result}, ${dg.source} diagnostic ${dg.code}${notSupported}`;
  }
  return `TCAP U-Abort from the peer${dlg?.type === 'abrt' ? ` (abort-source ${dlg.source})` : ''}`;
}

/**
 * A message that does not decode (Q.774): a fault in the transaction or dialogue portion is answered with a P-Abort
 * naming the cause; a fault in the component portion with a TCAP End carrying a Reject (general problem, invoke id
 * when derivable) — the component sublayer's Reject, sent with the TC-END the test instance's abort makes. Our
 * dialogue it belongs to ends as a local P-Abort with the reason (its test instance aborts, others go on). Nothing
 * is sent back to an End or an Abort, nor where the peer's transaction id is unknown.
 */
export function answerBadMessage(host: AbortHost, ctx: InboundContext, e: TcapError): void {
  const d = e.dtid && e.kind !== 'begin' && e.kind !== 'unidirectional' ? host.find(e.dtid) : undefined;
  const open = d !== undefined && d.state !== 'idle' && d.state !== 'ended' ? d : undefined;
  // where an answer goes: our dialogue's peer, else the sender's otid (a Begin, or a Continue whose dtid is not ours)
  const to = open ? (open.remoteTid ?? (e.kind === 'continue' ? e.otid : undefined)) : e.otid;
  const answer = to && e.kind !== 'end' && e.kind !== 'abort' ? answerFor(host, ctx, open, e, to) : '';
  host.log('warn', `bad TCAP ${e.kind ?? 'message'} from ${ctx.peer}: ${e.reason}${answer}`);
  if (open) abortLocally(open, `bad TCAP message from the peer: ${e.reason}${answer}`, ctx);
}

/** Send the answer to a bad message to `to`; returns the text saying what was sent back ('' for nothing). */
function answerFor(host: AbortHost, ctx: InboundContext, open: DialogueImpl | undefined, e: TcapError, to: Uint8Array): string {
  if (e.pAbortCause !== undefined || (!open && e.kind === 'continue')) {
    const cause = e.pAbortCause ?? PAbortCause.unrecognizedTransactionID; // a Continue for no dialogue of ours
    return send(host, ctx, open, { kind: 'abort', dtid: to, pAbortCause: cause }, `P-Abort ${P_ABORT_CAUSES[cause]} (${cause})`);
  }
  if (!e.reject) return '';
  const m: OutTcap = { kind: 'end', dtid: to, components: [{ t: 'reject', s: e.reject }] };
  const aarq = !open && e.kind === 'begin' && e.dialogue?.type === 'aarq' ? e.dialogue : undefined;
  if (aarq) m.dialogue = { type: 'aare', ac: aarq.ac, result: 0, diagSource: 'user', diag: 0 };
  return send(host, ctx, open, m, `TCAP End with a Reject (${rejectText(e.reject.problem, e.reject.code)}, invoke ${e.reject.invokeId ?? 'not derivable'})`);
}

/** Send in dialogue `d`, or outside any; returns `; <what> sent back`, '' when it could not be sent. */
function send(host: AbortHost, ctx: InboundContext, d: DialogueImpl | undefined, m: OutTcap, what: string): string {
  try {
    if (d) host.transmit(d, m);
    else host.transmitReply(ctx, m);
    return `; ${what} sent back`;
  } catch {
    return ''; // gateway down
  }
}
