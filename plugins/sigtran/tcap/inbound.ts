// Routing of inbound TCAP messages (the transaction sublayer, Q.774): a Begin opens a dialogue and goes to whoever
// takes inbound Begins (begins.ts); a Continue, End or Abort goes to our open dialogue its dtid names (a Continue
// for none, or with a changed otid, gets a P-Abort); a UDTS/XUDTS returning one of our messages ends its dialogue.
import type { ApplicationContext } from '../ac.js';
import type { TcapMessage } from '../api.js';
import { toHex } from '../ber/hex.js';
import type { InboundContext } from '../sccp/service.js';
import { abortReason, pAbortReply, type AbortHost } from './aborts.js';
import { PAbortCause, decodeTcap, type DecodedTcap } from './codec.js';
import { sameBytes } from './dialogue-ends.js';
import type { DialogueImpl } from './dialogue.js';
import { InboundMessage } from './message.js';

/** What routing needs from the TCAP layer. */
export interface InboundHost extends AbortHost {
  /** Open our dialogue for an inbound Begin; throws when the gateway holds maxDialogues. */
  openInbound(ctx: InboundContext, ac: ApplicationContext | null): DialogueImpl;
  /** Hand an inbound Begin to whoever takes it. */
  takeBegin(m: TcapMessage): void;
}

export function routeInbound(host: InboundHost, ctx: InboundContext, dec: DecodedTcap): void {
  switch (dec.kind) {
    case 'begin':
      return onBegin(host, ctx, dec);
    case 'continue':
    case 'end':
    case 'abort':
      return onExisting(host, ctx, dec);
    case 'unidirectional':
      host.log('debug', 'TCAP Unidirectional received and ignored');
      return;
  }
}

function onBegin(host: InboundHost, ctx: InboundContext, dec: DecodedTcap): void {
  const ac = dec.dialogue?.type === 'aarq' ? dec.dialogue.ac : null;
  let d: DialogueImpl;
  try {
    d = host.openInbound(ctx, ac);
  } catch (e) {
    host.log('warn', `Begin from ${ctx.peer} refused: ${(e as Error).message}`);
    pAbortReply(host, ctx, dec.otid!, PAbortCause.resourceLimitation);
    return;
  }
  d.setRemoteTid(dec.otid!);
  d.link = ctx.link;
  d.aarePending = ac !== null;
  d.sls = ctx.sls;
  host.takeBegin(new InboundMessage('begin', d, dec.components, dec.dialogue, ctx));
}

/** A Continue, End or Abort: to our dialogue its dtid names. */
function onExisting(host: InboundHost, ctx: InboundContext, dec: DecodedTcap): void {
  const d = host.find(dec.dtid!);
  if (!d || d.state === 'idle') {
    host.log('debug', `TCAP ${dec.kind} for unknown transaction ${toHex(dec.dtid!)} from ${ctx.peer}`);
    if (dec.kind === 'continue') pAbortReply(host, ctx, dec.otid!, PAbortCause.unrecognizedTransactionID);
    return;
  }
  if (dec.kind === 'continue' && !takeContinue(host, ctx, dec, d)) return;
  if (d.firstReplyPending) takeFirstReply(d, ctx, dec);
  const kind: TcapMessage['kind'] = dec.kind === 'abort' ? (dec.pAbortCause !== undefined ? 'p-abort' : 'u-abort') : (dec.kind as 'continue' | 'end');
  const m = new InboundMessage(kind, d, dec.components, dec.dialogue, ctx);
  if (dec.dialogue?.type === 'aare' && d.ac && dec.dialogue.result === 'accepted') d.ac = dec.dialogue.ac;
  if (dec.kind === 'abort') {
    if (dec.pAbortCause !== undefined) m.pAbortCause = dec.pAbortCause;
    m.reason = abortReason(dec);
    d.deliver(m);
    d.finish(m.reason);
  } else if (dec.kind === 'end') {
    d.deliver(m);
    d.finish('ended by the peer (TC-END)');
  } else {
    deliverContinue(host, d, m, ctx);
  }
}

/** The transaction portion of a Continue: the peer's first names its tid; a later one with another is refused. */
function takeContinue(host: InboundHost, ctx: InboundContext, dec: DecodedTcap, d: DialogueImpl): boolean {
  if (d.state === 'initiated') {
    d.setRemoteTid(dec.otid!);
    d.state = 'active';
    return true;
  }
  if (sameBytes(d.remoteTid, dec.otid!)) return true;
  // Q.774: a Continue whose otid changed is an incorrect transaction portion.
  pAbortReply(host, ctx, dec.otid!, PAbortCause.incorrectTransactionPortion);
  return false;
}

/** Q.714: the first reply to our Begin gives the address (and point code) what follows is sent to. */
function takeFirstReply(d: DialogueImpl, ctx: InboundContext, dec: DecodedTcap): void {
  d.firstReplyPending = false;
  // the encoded address is what a later message of ours is sent to: an End or an Abort leaves none to send
  d.answeredFrom(ctx.calling, ctx.callingRaw, ctx.opc, dec.kind === 'continue');
  d.link = ctx.link;
}

/** A Continue: Invokes the dialogue answers itself (autoAnswer) are answered at once, the rest goes to receive(). */
function deliverContinue(host: InboundHost, d: DialogueImpl, m: InboundMessage, ctx: InboundContext): void {
  const auto = d.answerAutomatically(m);
  if (!auto) {
    d.deliver(m);
    return;
  }
  const original = new InboundMessage(m.kind, d, m.components, m.dialoguePdu, ctx);
  m.components = auto.rest;
  const delivered = auto.rest.length > 0;
  if (delivered) d.deliver(m);
  try {
    d.autoAnswer?.onAnswered?.({ message: original, invokeIds: auto.invokeIds, sent: auto.sent, delivered });
  } catch (e) {
    host.log('warn', `auto-answer callback failed: ${(e as Error).message}`);
  }
}

/** An SCCP UDTS/XUDTS returned one of our messages: the dialogue it belonged to ends with the notice. */
export function noticeDialogue(host: InboundHost, ctx: InboundContext, data: Uint8Array, returnCause: number, reason: string): void {
  let dec: DecodedTcap | undefined;
  try {
    dec = decodeTcap(data);
  } catch {
    dec = undefined;
  }
  // The returned message is one of ours: its otid (Begin/Continue) names our side.
  const tid = dec?.kind === 'begin' || dec?.kind === 'continue' ? dec.otid : undefined;
  const d = tid ? host.find(tid) : undefined;
  if (!d) {
    host.log('warn', `${reason} for a message of no open dialogue`);
    return;
  }
  const m = new InboundMessage('notice', d, [], undefined, ctx);
  m.returnCause = returnCause;
  m.reason = reason;
  d.deliver(m);
  d.finish(reason);
}
