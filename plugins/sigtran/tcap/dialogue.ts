// A TCAP dialogue (transaction + component sublayer as far as a tester needs it).
import type { ApplicationContext } from '../ac.js';
import type {
  AbortOptions,
  MessageWaiter,
  AutoAnswer,
  Component,
  Dialogue,
  DialogueState,
  InvokeSpec,
  ReceiveOptions,
  RejectSpec,
  ReturnErrorSpec,
  ReturnResultSpec,
  SccpAddress,
  SigtranGateway,
  TcapMessage,
  WireMessage,
} from '../api.js';
import type { EndSignal } from '../../../sdk/index.js';
import { SigtranError } from '../errors.js';
import { tidHex, type OutTcap } from './codec.js';
import type { OutComponent } from './components.js';
import type { OutDialogue } from './dialogue-portion.js';
import { toHex } from '../ber/hex.js';
import type { DeadlineEntry, DeadlineList } from './deadlines.js';
import type { BoundLink } from '../sccp/service.js';
import { sameBytes, type DialogueEnds, type DialogueSetup } from './dialogue-ends.js';

/** A dialogue's SLS is the low 4 bits of its transaction id (one per dialogue keeps its messages in order). */
const SLS_MASK = 0x0f;

/** The dialogue's booleans and small numbers, in one small integer (`flags`): a field each was 8 bytes of every
 *  dialogue held in flight. Bits 0-2 the booleans, 8-15 the SLS (an inbound Begin's is an
 *  octet), 16-23 the last invoke id it gave. */
const AARE_PENDING = 1;
const FIRST_REPLY_PENDING = 2;
const BOUND_RELEASES = 4;
const SLS_SHIFT = 8;
const INVOKE_SHIFT = 16;
const OCTET = 0xff;

/** The components of a message that carries none (shared: a dialogue makes its queue with its first component). */
const NO_COMPONENTS: readonly OutComponent[] = [];

/** What few dialogues have, out of line in one object made when first needed (a field each in every dialogue held
 *  in flight was 8 bytes of each): the AARQ's user information, the signal of a receive other than the bound one. */
interface DialogueRare {
  userInformation: Uint8Array | undefined;
  waitSignal: EndSignal | undefined;
  waitOnAbort: (() => void) | undefined;
}

/** What a dialogue needs from the TCAP layer. */
export interface DialogueHost {
  readonly gateway: SigtranGateway;
  readonly defaultTimeoutMs: number;
  transmit(d: DialogueImpl, m: OutTcap): WireMessage;
  released(d: DialogueImpl): void;
  /** The list of the receive timeouts of `ms`. */
  deadlines(ms: number): DeadlineList;
  /** Hand `w` of dialogue `d` its message or error in a microtask, after what runs now (no field of the dialogue
   *  holds it meanwhile: two were 16 bytes of every dialogue held). */
  ready(d: DialogueImpl, w: MessageWaiter, v: TcapMessage | SigtranError): void;
}

export class DialogueImpl implements Dialogue, DeadlineEntry {
  state: DialogueState;
  readonly localTid: number;
  remoteTid: Uint8Array | undefined;
  ac: ApplicationContext | null;
  private ends: DialogueEnds;
  /** The association the dialogue's messages go on (set when one leaves, or by the first reply). */
  link: BoundLink | undefined;
  /** AARE_PENDING, FIRST_REPLY_PENDING, BOUND_RELEASES. */
  private flags = 0;
  endReason: string | undefined;
  /** Invokes answered by the gateway itself (OpenDialogueOptions.autoAnswer). */
  autoAnswer: AutoAnswer | undefined;
  /** The components of the next message; made with the first (a dialogue waiting for its peer holds none). */
  private queue: OutComponent[] | undefined = undefined;
  /** Messages not read yet; made on the first that waits (most dialogues have a receive waiting for each message). */
  private inbox: TcapMessage[] | undefined = undefined;
  /** The receive waiting. */
  private waiter: MessageWaiter | undefined = undefined;
  private rare: DialogueRare | undefined = undefined;
  /** The receive timeout (DeadlineEntry: the dialogue is its own entry in its host's list). */
  dlPrev: DeadlineEntry | undefined = undefined;
  dlNext: DeadlineEntry | undefined = undefined;
  dlAt = 0;
  dlList: DeadlineList | undefined = undefined;

  constructor(
    private readonly host: DialogueHost,
    localTid: number,
    setup: DialogueSetup,
  ) {
    this.localTid = localTid;
    this.state = setup.state;
    this.ac = setup.ac;
    this.ends = setup.ends;
    this.sls = localTid & SLS_MASK;
  }

  get localAddress(): SccpAddress {
    return this.ends.local;
  }

  get remoteAddress(): SccpAddress {
    return this.ends.remote;
  }

  /** Encoded SCCP addresses used on the wire (called = remote, calling = local). */
  get localEnc(): Uint8Array {
    return this.ends.localEnc;
  }

  get remoteEnc(): Uint8Array {
    return this.ends.remoteEnc;
  }

  /** MTP3 label for outbound messages. */
  get opc(): number {
    return this.ends.opc;
  }

  get dpc(): number {
    return this.ends.dpc;
  }

  /**
   * Q.714: the first reply to our Begin gives the address (`calling`, encoded `callingRaw`) and point code (`opc`) what
   * follows is sent to; `withEnc` false (an End or an Abort: nothing of ours follows) keeps the encoded address. The
   * shared ends are kept when the reply came from them.
   */
  answeredFrom(calling: SccpAddress, callingRaw: Uint8Array, opc: number, withEnc: boolean): void {
    const e = this.ends;
    if (opc === e.dpc && sameBytes(callingRaw, e.remoteEnc)) return;
    this.ends = { local: e.local, localEnc: e.localEnc, opc: e.opc, remote: calling, remoteEnc: withEnc ? new Uint8Array(callingRaw) : e.remoteEnc, dpc: opc };
  }

  get gateway(): SigtranGateway {
    return this.host.gateway;
  }

  /** Hex texts made when asked (for traces, logs and errors), not kept: a string per dialogue held. */
  get localTidHex(): string {
    return tidHex(this.localTid);
  }

  get remoteTidHex(): string | undefined {
    return this.remoteTid && toHex(this.remoteTid);
  }

  /** The SLS of the dialogue's messages: the low bits of its transaction id, or an inbound Begin's. */
  get sls(): number {
    return (this.flags >> SLS_SHIFT) & OCTET;
  }

  set sls(v: number) {
    this.flags = (this.flags & ~(OCTET << SLS_SHIFT)) | ((v & OCTET) << SLS_SHIFT);
  }

  /** A Begin with AARQ arrived and we have not answered it yet (the answer carries the AARE). */
  get aarePending(): boolean {
    return (this.flags & AARE_PENDING) !== 0;
  }

  set aarePending(v: boolean) {
    this.flags = v ? this.flags | AARE_PENDING : this.flags & ~AARE_PENDING;
  }

  /** An outbound Begin was sent and no reply has arrived yet (the first reply may change the remote address). */
  get firstReplyPending(): boolean {
    return (this.flags & FIRST_REPLY_PENDING) !== 0;
  }

  set firstReplyPending(v: boolean) {
    this.flags = v ? this.flags | FIRST_REPLY_PENDING : this.flags & ~FIRST_REPLY_PENDING;
  }

  /** AARQ user-information of our Begin (OpenDialogueOptions.userInformation). */
  get userInformation(): Uint8Array | undefined {
    return this.rare?.userInformation;
  }

  set userInformation(v: Uint8Array | undefined) {
    if (v || this.rare) this.rareFields().userInformation = v;
  }

  private rareFields(): DialogueRare {
    return (this.rare ??= { userInformation: undefined, waitSignal: undefined, waitOnAbort: undefined });
  }

  get pendingComponents(): number {
    return this.queue?.length ?? 0;
  }

  get queued(): number {
    return this.inbox?.length ?? 0;
  }

  setRemoteTid(t: Uint8Array): void {
    this.remoteTid = new Uint8Array(t);
  }

  bind(signal: EndSignal, onSignal: 'abort' | 'release' = 'abort'): void {
    this.bindSignal(signal, onSignal);
  }

  bindSignal(signal: EndSignal | undefined, mode: 'abort' | 'release'): void {
    if (!signal) return;
    this.unbindSignal();
    if (signal.aborted) {
      queueMicrotask(() => (mode === 'abort' ? this.close() : this.release()));
      return;
    }
    this.flags = mode === 'release' ? this.flags | BOUND_RELEASES : this.flags & ~BOUND_RELEASES;
    this.boundSignal = signal;
    signal.addEventListener('abort', this);
  }

  /** The signal the dialogue is bound to: when it fires the dialogue is closed (released with BOUND_RELEASES), which
   *  ends a receive. */
  private boundSignal: EndSignal | undefined = undefined;

  /**
   * The bound signal fired (the dialogue listens with itself, as EventTarget allows an object with handleEvent: no
   * closure per dialogue, which was 96 bytes of every call held in flight).
   */
  handleEvent(): void {
    this.boundSignal = undefined;
    if ((this.flags & BOUND_RELEASES) === 0) this.close();
    else this.release();
  }

  private unbindSignal(): void {
    if (!this.boundSignal) return;
    this.boundSignal.removeEventListener('abort', this);
    this.boundSignal = undefined;
  }

  private assertOpen(what: string): void {
    if (this.state === 'ended') {
      throw new SigtranError('state', `cannot ${what}: TCAP dialogue ${this.localTidHex} has ended${this.endReason ? ' (' + this.endReason + ')' : ''}`);
    }
  }

  invoke(spec: InvokeSpec): number {
    this.assertOpen('queue an Invoke');
    let id = spec.invokeId;
    if (id === undefined) {
      const last = (this.flags >> INVOKE_SHIFT) & OCTET;
      id = last >= 127 ? 1 : last + 1;
      this.flags = (this.flags & ~(OCTET << INVOKE_SHIFT)) | (id << INVOKE_SHIFT);
    }
    // one shape for every queued Invoke (a spread of the caller's object is a slow, shape-changing copy)
    this.put({ t: 'invoke', s: { opcode: spec.opcode, argument: spec.argument, invokeId: id, linkedId: spec.linkedId } });
    return id;
  }

  returnResult(spec: ReturnResultSpec): void {
    this.assertOpen('queue a ReturnResult');
    this.put({ t: 'result', s: spec });
  }

  returnError(spec: ReturnErrorSpec): void {
    this.assertOpen('queue a ReturnError');
    this.put({ t: 'error', s: spec });
  }

  reject(spec: RejectSpec): void {
    this.assertOpen('queue a Reject');
    this.put({ t: 'reject', s: spec });
  }

  private put(c: OutComponent): void {
    if (this.queue) this.queue.push(c);
    else this.queue = [c];
  }

  /** The queued components, for a message being sent (the queue is let go once it went). */
  private get components(): readonly OutComponent[] {
    return this.queue ?? NO_COMPONENTS;
  }

  private aare(): OutDialogue | undefined {
    if (!this.aarePending || !this.ac) return undefined;
    this.aarePending = false;
    return { type: 'aare', ac: this.ac, result: 0, diagSource: 'user', diag: 0 };
  }

  send(): WireMessage {
    this.assertOpen('send');
    if (this.state === 'idle') {
      const m: OutTcap = { kind: 'begin', otid: this.localTid, components: this.components };
      if (this.ac) m.dialogue = this.userInformation ? { type: 'aarq', ac: this.ac, userInformation: this.userInformation } : { type: 'aarq', ac: this.ac };
      const w = this.host.transmit(this, m);
      this.queue = undefined;
      this.state = 'initiated';
      this.firstReplyPending = true;
      return w;
    }
    if (this.state === 'initiated') {
      throw new SigtranError('state', `cannot send a Continue on TCAP dialogue ${this.localTidHex}: the peer has not answered the Begin yet`);
    }
    const m: OutTcap = { kind: 'continue', otid: this.localTid, dtid: this.remoteTid!, components: this.components };
    const dlg = this.aarePending && this.ac ? { type: 'aare' as const, ac: this.ac, result: 0 as const, diagSource: 'user' as const, diag: 0 } : undefined;
    if (dlg) m.dialogue = dlg;
    const w = this.host.transmit(this, m);
    this.aarePending = false;
    this.queue = undefined;
    this.state = 'active';
    return w;
  }

  end(opts?: { prearranged?: boolean }): WireMessage | undefined {
    this.assertOpen('end');
    if (opts?.prearranged || this.state === 'idle' || this.state === 'initiated') {
      // Prearranged end (or nothing to end towards the peer): release locally.
      this.finish(opts?.prearranged ? 'ended locally (prearranged end)' : 'ended locally');
      return undefined;
    }
    const m: OutTcap = { kind: 'end', dtid: this.remoteTid!, components: this.components };
    const dlg = this.aare();
    if (dlg) m.dialogue = dlg;
    const w = this.host.transmit(this, m);
    this.queue = undefined;
    this.finish('ended by us (TC-END)');
    return w;
  }

  abort(opts?: AbortOptions): WireMessage | undefined {
    if (this.state === 'ended') return undefined;
    if (!this.remoteTid) {
      this.finish('aborted locally');
      return undefined;
    }
    const m: OutTcap = { kind: 'abort', dtid: this.remoteTid };
    if (opts?.pAbortCause !== undefined) {
      m.pAbortCause = opts.pAbortCause;
    } else if (opts?.acNotSupported || (opts?.rejectDiagnostic !== undefined && this.aarePending)) {
      const ac = opts.ac ?? this.ac;
      if (ac) m.dialogue = { type: 'aare', ac, result: 1, diagSource: 'user', diag: opts.acNotSupported ? 2 : opts.rejectDiagnostic!, userInformation: opts.userInformation };
    } else if (this.ac) {
      // ABRT only in a dialogue that has a dialogue portion (Q.773: AC-less dialogues abort without one).
      m.dialogue = { type: 'abrt', source: opts?.source === 'provider' ? 1 : 0, userInformation: opts?.userInformation };
    }
    let w: WireMessage | undefined;
    try {
      w = this.host.transmit(this, m);
    } finally {
      this.queue = undefined;
      this.finish(opts?.pAbortCause !== undefined ? `aborted by us (P-Abort cause ${opts.pAbortCause})` : 'aborted by us (TC-U-ABORT)');
    }
    return w;
  }

  receive(opts?: ReceiveOptions): Promise<TcapMessage> {
    return new Promise<TcapMessage>((resolve, reject) => this.receiveWith({ onMessage: resolve, onFailure: reject }, opts));
  }

  receiveWith(w: MessageWaiter, opts?: ReceiveOptions): void {
    const first = this.inbox?.shift();
    if (first) return this.settle(w, first, undefined);
    if (this.state === 'ended') {
      return this.settle(w, undefined, new SigtranError('ended', `TCAP dialogue ${this.localTidHex} has ended (${this.endReason ?? 'released'}); no further message will arrive`));
    }
    if (this.waiter) return this.settle(w, undefined, new SigtranError('state', `receive() is already waiting on TCAP dialogue ${this.localTidHex}`));
    const signal = opts?.signal;
    if (signal?.aborted) return this.settle(w, undefined, new SigtranError('cancelled', 'wait cancelled'));
    this.waiter = w;
    this.host.deadlines(opts?.timeoutMs ?? this.host.defaultTimeoutMs).add(this);
    // the signal the dialogue is bound to ends the wait by closing the dialogue: no listener of its own
    if (signal && signal !== this.boundSignal) {
      const rare = this.rareFields();
      rare.waitSignal = signal;
      rare.waitOnAbort = () => {
        const w = this.clearWaiter();
        if (w) this.settle(w, undefined, new SigtranError('cancelled', `wait on TCAP dialogue ${this.localTidHex} cancelled`));
      };
      signal.addEventListener('abort', rare.waitOnAbort, { once: true });
    }
  }

  /** The receive timed out (DeadlineEntry). */
  expire(list: DeadlineList): void {
    const w = this.clearWaiter();
    if (w) this.settle(w, undefined, new SigtranError('timeout', `no TCAP message from the peer within ${fmtMs(list.ms)} (dialogue ${this.localTidHex}, ${this.state})`));
  }

  /**
   * Hand `w` its message or error after what runs now, as a settled promise would (a message delivered and the
   * dialogue's end that follows it are both seen by then), in the order the waits settled.
   */
  private settle(w: MessageWaiter, m: TcapMessage | undefined, e: SigtranError | undefined): void {
    this.host.ready(this, w, m ?? e!);
  }

  private clearWaiter(): MessageWaiter | undefined {
    const w = this.waiter;
    if (!w) return undefined;
    this.waiter = undefined;
    if (this.dlList) this.dlList.remove(this);
    const rare = this.rare;
    if (rare?.waitOnAbort) {
      rare.waitSignal!.removeEventListener('abort', rare.waitOnAbort);
      rare.waitSignal = rare.waitOnAbort = undefined;
    }
    return w;
  }

  /**
   * Answer the Invokes of an inbound Continue that `autoAnswer` names, at once, together in one Continue. Returns the
   * invoke ids answered, the components left for the user and our Continue; undefined when nothing was answered (no
   * such Invoke, the dialogue is closed, or the answer could not be sent: the message is then handed over whole).
   * Never throws.
   */
  answerAutomatically(m: TcapMessage): { invokeIds: number[]; rest: Component[]; sent: WireMessage } | undefined {
    const opcodes = this.autoAnswer?.opcodes;
    if (!opcodes?.length || m.kind !== 'continue' || this.state === 'ended' || !this.remoteTid) return undefined;
    const invokeIds: number[] = [];
    const rest: Component[] = [];
    for (const c of m.components) {
      if (c.type === 'invoke' && opcodes.includes(c.opcode)) invokeIds.push(c.invokeId);
      else rest.push(c);
    }
    if (!invokeIds.length) return undefined;
    const out: OutTcap = { kind: 'continue', otid: this.localTid, dtid: this.remoteTid, components: invokeIds.map((invokeId) => ({ t: 'result' as const, s: { invokeId } })) };
    const dlg = this.aare();
    if (dlg) out.dialogue = dlg;
    let sent: WireMessage;
    try {
      sent = this.host.transmit(this, out);
    } catch {
      if (dlg) this.aarePending = true;
      return undefined;
    }
    this.state = 'active';
    return { invokeIds, rest, sent };
  }

  /** Deliver an inbound message (by the manager). */
  deliver(m: TcapMessage): void {
    const w = this.clearWaiter();
    if (w) this.settle(w, m, undefined);
    else if (!this.inbox) this.inbox = [m];
    else if (this.inbox.length < 1000) this.inbox.push(m);
  }

  /** Mark ended (by an inbound End/Abort/notice, or locally) and free the transaction id. */
  finish(reason: string): void {
    if (this.state === 'ended') return;
    this.state = 'ended';
    this.endReason = reason;
    this.unbindSignal();
    this.host.released(this);
    if (!this.inbox?.length) {
      const w = this.clearWaiter();
      if (w) this.settle(w, undefined, new SigtranError('ended', `TCAP dialogue ${this.localTidHex} has ended (${reason})`));
    }
  }

  close(): void {
    if (this.state === 'ended') return;
    if (this.state === 'received' || this.state === 'active') {
      try {
        this.abort();
        return;
      } catch {
        // gateway down: just release
      }
    }
    this.release();
  }

  release(): void {
    this.queue = undefined;
    this.finish('released locally');
  }
}

function fmtMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
