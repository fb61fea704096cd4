// The empty-Begin procedure (TS 29.002 annex C.2.1: the MAP-OPEN sent alone when the first message would not fit the
// Begin): the opener sends a TCAP Begin with the dialogue portion only, the responder accepts it with a TCAP
// Continue without components, and the opener's first Invoke goes in the next Continue. Both sides here: `empty_begin`
// on the operation that opens the dialogue, and a received empty Begin answered before its Invoke is awaited.
import type { OperationContext } from '../../../sdk/index.js';
import type { TcapMessage, WireMessage } from '../../sigtran/api.js';
import { describeEnding, inboundWaitMs, loadMessage, recordTcap, waitError, type MessageEntry } from '../../sigtran/user/index.js';
import type { MapOperation } from '../catalogue.js';
import type { MapDialogue } from '../dialogue.js';

function recordSent(ctx: OperationContext, name: string, wire: WireMessage): void {
  if (ctx.recordsMessages) ctx.message({ direction: 'sent', protocol: 'tcap', name, fields: { components: 0 }, bytes: wire.bytes, dissector: wire.dissector, peer: wire.peer });
}

/** Open `d` with a Begin alone and wait for the peer's Continue; aborts the instance on anything else. */
export async function openEmpty(ctx: OperationContext, e: MessageEntry<MapOperation>, d: MapDialogue): Promise<void> {
  let wire: WireMessage;
  try {
    wire = d.d.send();
  } catch (err) {
    ctx.abort(`${e.name}: cannot send the empty Begin: ${(err as Error).message}`);
  }
  recordSent(ctx, 'TCAP begin', wire);
  ctx.trace(1, `${e.name}: empty Begin sent (dialogue ${wire.localTid}); the Invoke waits for the ${e.peerName}'s Continue`);
  let m: TcapMessage;
  try {
    m = await d.d.receive({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
  } catch (err) {
    waitError(ctx, e.name, e.peerName, err);
  }
  loadMessage(d, m);
  recordTcap(ctx, m, `TCAP ${m.kind}`);
  if (m.kind !== 'continue') ctx.abort(`${e.name}: the ${e.peerName} answered the empty Begin with ${m.kind === 'end' ? 'a TCAP End' : describeEnding(m)}`);
  if (m.components.length) ctx.abort(`${e.name}: the ${e.peerName} answered the empty Begin with ${m.components.length} component(s) instead of a Continue without any`);
}

/** Accept a received empty Begin: a Continue without components (the AARE), so that the peer sends its Invoke. */
export function acceptEmpty(ctx: OperationContext, e: MessageEntry<MapOperation>, m: TcapMessage): void {
  recordTcap(ctx, m, 'TCAP begin');
  let wire: WireMessage;
  try {
    wire = m.dialogue.send();
  } catch (err) {
    ctx.abort(`${e.name}: cannot answer the empty Begin: ${(err as Error).message}`);
  }
  recordSent(ctx, 'TCAP continue', wire);
  ctx.trace(1, `${e.name}: empty Begin from the ${e.peerName} accepted with an empty Continue; waiting for its Invoke`);
}
