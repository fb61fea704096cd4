// A TCAP user's dialogue as its operations see it (the inap and map plugins): the components of the last received
// message not yet consumed, the dialogue portion of the first inbound message, whether the dialogue is over and
// why; taking the next inbound message into it, and closing what is still open when the test instance ends.
import type { Later, OperationContext } from '../../../sdk/index.js';
import type { ApplicationContext } from '../ac.js';
import type { Component, Dialogue, DialoguePdu, MessageWaiter, SigtranGateway, TcapMessage, WireMessage } from '../api.js';
import { isSigtranError } from '../errors.js';
import { tcapTimeoutMs } from '../params.js';

export interface UserDialogue {
  d: Dialogue;
  /** Components of `msg` (none before a message arrived) and the index of the next one to hand out. */
  readonly queue: readonly Component[];
  qi: number;
  msg: TcapMessage | undefined;
  /** Whether the next component handed out is the first of its message (its bytes get recorded). */
  firstOfMsg: boolean;
  /** AC of the first inbound message's dialogue portion (null = none); undefined before any arrived. */
  readonly firstAc: ApplicationContext | null | undefined;
  /** Dialogue PDU (AARE) of the first inbound message, for tcap_result checks: null when it had none, undefined
   *  before any arrived. */
  firstPdu: DialoguePdu | null | undefined;
  /** The dialogue is over (End or Abort sent or received). */
  ended: boolean;
  endReason: string;
}

/** The components before any message arrived (shared: an array per dialogue was 32 bytes of every call held). */
const NO_COMPONENTS: readonly Component[] = [];

/**
 * The state of a dialogue nothing has been received on yet. A class, so that every dialogue of a plugin has one
 * shape (the plugins extend it with their own fields): the receive path stores into it for every message. What
 * follows from another field is read from it, not kept (every field is 8 bytes of each call held in flight).
 */
export class UserDialogueState implements UserDialogue {
  qi = 0;
  msg: TcapMessage | undefined = undefined;
  firstOfMsg = false;
  firstPdu: DialoguePdu | null | undefined = undefined;
  ended = false;
  endReason = '';
  constructor(readonly d: Dialogue) {}

  get queue(): readonly Component[] {
    return this.msg ? this.msg.components : NO_COMPONENTS;
  }

  get firstAc(): ApplicationContext | null | undefined {
    const pdu = this.firstPdu;
    return pdu === undefined ? undefined : pdu !== null && pdu.type !== 'abrt' ? pdu.ac : null;
  }
}

/** How a dialogue still open when the instance ends is closed (the plugins' `end_open_dialogues`). */
export type EndOpenDialogues = 'end' | 'abort' | 'prearranged';

/**
 * Close a dialogue still open when the instance ends: a dialogue never answered is released (U-Abort when it has a
 * peer transaction), the others get a TCAP End, a U-Abort ('abort') or a silent release ('prearranged'). Never throws.
 */
/**
 * The instance has ended: its dialogue lets go of the messages it received. A held call's dialogue is in the old
 * generation by its end, and what it points to there survives every scavenge (the scavenger takes old objects'
 * pointers as roots, dead or not) until a full GC: the last message of every ended call was promoted, ~1 KB each.
 */
export function forgetMessages(ud: UserDialogue): void {
  ud.msg = undefined;
  if (ud.firstPdu) ud.firstPdu = null;
}

export function closeUserDialogue(ud: UserDialogue, mode: EndOpenDialogues): void {
  if (ud.ended) return;
  ud.ended = true;
  try {
    const st = ud.d.state;
    if (st === 'ended') return;
    if (st === 'idle' || st === 'initiated' || mode === 'abort') ud.d.close();
    else if (mode === 'prearranged') ud.d.end({ prearranged: true });
    else ud.d.end();
  } catch {
    try {
      ud.d.release();
    } catch {
      /* already released */
    }
  }
}

/** How long an inbound wait of this instance may take, ms: the run's scp.tcap_timeout, else the gateway's tcapTimeoutMs. */
export function inboundWaitMs(ctx: OperationContext): number {
  return tcapTimeoutMs(ctx.run.params) ?? (ctx.gateway() as SigtranGateway | undefined)?.config.tcapTimeoutMs ?? 10_000;
}

/** Abort the instance for a failed wait for `peer` (timeout, cancelled, dialogue over); rethrows anything else. */
export function waitError(ctx: OperationContext, name: string, peer: string, e: unknown): never {
  if (isSigtranError(e)) {
    if (e.kind === 'timeout') ctx.abort(`${name}: timeout: nothing received from the ${peer} within ${inboundWaitMs(ctx) / 1000} s`);
    ctx.abort(`${name}: ${e.message}`);
  }
  throw e;
}

/**
 * Send the components queued on the dialogue: 'next' keeps them for the next message (send_with_next), 'end' sends
 * them in a TCAP End (the dialogue is over), 'send' in a Begin or Continue. Aborts the instance when they cannot be
 * sent; returns what went on the wire (undefined: nothing yet).
 */
export function transmit(ctx: OperationContext, name: string, ud: UserDialogue, how: 'next' | 'end' | 'send'): WireMessage | undefined {
  try {
    if (how === 'next') {
      ctx.trace(2, `${name}: queued (send_with_next)`);
      return undefined;
    }
    if (how === 'send') return ud.d.send();
    const wire = ud.d.end();
    ud.ended = true;
    ud.endReason = 'we sent TCAP End';
    return wire;
  } catch (e) {
    if (isSigtranError(e)) ctx.abort(`${name}: cannot send: ${e.message}`);
    throw e;
  }
}

/** A TCAP Abort or notice, readably: 'TCAP u-abort: <reason>'. */
export function describeEnding(m: TcapMessage): string {
  return `TCAP ${m.kind}${m.reason ? `: ${m.reason}` : ''}`;
}

/** Take an inbound message into the dialogue's queue and record its arrival (and the dialogue's end). */
export function loadMessage(ud: UserDialogue, m: TcapMessage): void {
  ud.qi = 0;
  ud.msg = m;
  ud.firstOfMsg = true;
  if (ud.firstPdu === undefined) ud.firstPdu = m.dialoguePdu ?? null;
  if (m.kind === 'end') {
    ud.ended = true;
    ud.endReason = 'the peer sent TCAP End';
  } else if (m.kind !== 'begin' && m.kind !== 'continue') {
    ud.ended = true;
    ud.endReason = describeEnding(m);
  }
}

/** Record a received message as TCAP (its summary and bytes), under `name`. */
export function recordTcap(ctx: OperationContext, m: TcapMessage, name: string): void {
  if (ctx.recordsMessages) ctx.message({ direction: 'received', protocol: 'tcap', name, fields: m.summary(), bytes: m.bytes, dissector: m.dissector, peer: m.peer });
}

/** Who waits for what, for abort reasons: the operation's name and the peer's ('SCP', 'HLR'). */
export interface Expecting {
  name: string;
  peer: string;
  /** A received message on `ud`, readably (with its components named as the user names them). */
  describe(m: TcapMessage, ud: UserDialogue): string;
}

/**
 * The wait of an operation for the next message of its dialogue, as one object: the state every in-flight instance
 * of a load run keeps while it waits (no promise chain, no timer and no closures of its own; the dialogue calls it
 * back). The message is taken in (aborting the instance when the dialogue has ended, on a wait that fails, on a TCAP
 * Abort or notice and on an empty TCAP End; an empty Begin or Continue is recorded and traced); `taken` then settles
 * the operation (`done`) or waits again (`next`). Whatever throws (ctx.abort) rejects the operation.
 */
export abstract class MessageWait<T, X extends Expecting = Expecting> implements MessageWaiter {
  /** What the wait settles: ctx.later()'s handle (later()), or the operation's promise (start()). */
  private settler: Settler<T> | undefined = undefined;
  constructor(
    readonly ctx: OperationContext,
    /** Its dialogue; a family may replace it while waiting (a refused dialogue opened again in another AC). */
    public ud: UserDialogue,
    /** Who waits for what: one per operation type, not per wait. */
    readonly x: X,
  ) {}

  /** Wait: the operation's promise. */
  start(): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.settler = { settle: resolve, settleError: reject };
      this.next();
    });
  }

  /**
   * Wait, for the execute() of an operation declared `settlesOnEnd` whose value is its outcome: no promise, the
   * operation is settled through ctx.later()'s handle.
   */
  later(): Later {
    const later = this.ctx.later();
    this.settler = later as Settler<unknown> as Settler<T>;
    this.receive(); // its throw (the dialogue has ended) is execute()'s
    return later;
  }

  /** What to do with a message taken in: done(value), or next() to wait for another. May throw (ctx.abort). */
  protected abstract taken(m: TcapMessage): void;

  protected done(v: T): void {
    this.settler!.settle(v);
  }

  protected failed(e: unknown): void {
    this.settler!.settleError(e);
  }

  /** Wait for the dialogue's next message. */
  protected next(): void {
    try {
      this.receive();
    } catch (e) {
      this.failed(e);
    }
  }

  /** Ask the dialogue for its next message; aborts the instance when the dialogue has ended. */
  private receive(): void {
    const { ctx, ud } = this;
    if (ud.ended) ctx.abort(`${this.x.name}: expected from the ${this.x.peer}, but the dialogue has ended (${ud.endReason})`);
    ud.d.receiveWith(this, { timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
  }

  onMessage(m: TcapMessage): void {
    try {
      takeInto(this, m);
      this.taken(m);
    } catch (e) {
      this.failed(e);
    }
  }

  onFailure(e: Error): void {
    try {
      waitError(this.ctx, this.x.name, this.x.peer, e);
    } catch (e2) {
      this.failed(e2);
    }
  }
}

function takeInto(w: { readonly ctx: OperationContext; readonly ud: UserDialogue; readonly x: Expecting }, m: TcapMessage): TcapMessage {
  const { ctx, ud } = w;
  loadMessage(ud, m);
  if (m.kind !== 'begin' && m.kind !== 'continue' && m.kind !== 'end') {
    recordTcap(ctx, m, `TCAP ${m.kind}`);
    ctx.abort(`${w.x.name}: expected from the ${w.x.peer}, received ${w.x.describe(m, ud)}`);
  }
  if (m.components.length === 0) {
    recordTcap(ctx, m, `TCAP ${m.kind}`);
    if (m.kind === 'end') ctx.abort(`${w.x.name}: expected from the ${w.x.peer}, but it closed the dialogue with an empty TCAP End`);
    ctx.trace(1, `${w.x.name}: TCAP ${m.kind} without components`);
  }
  return m;
}

/** What a wait settles (ctx.later()'s handle has this shape). */
interface Settler<T> {
  settle(v: T): void;
  settleError(e: unknown): void;
}
