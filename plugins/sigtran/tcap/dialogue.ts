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

/** A dialogue's SLS is the low 4 bits of its transaction id (one per dialogue keeps its messages in order). */
const SLS_MASK = 0x0f;

/** What a dialogue starts from: its state, AC, addresses (decoded and encoded) and MTP3 point codes. */
export interface DialogueSetup {
  state: 'idle' | 'received';
  ac: ApplicationContext | null;
  local: SccpAddress;
  remote: SccpAddress;
  localEnc: Uint8Array;
  remoteEnc: Uint8Array;
  opc: number;
  dpc: number;
}

/** What a dialogue needs from the TCAP layer. */
export interface DialogueHost {
  readonly gateway: SigtranGateway;
  readonly defaultTimeoutMs: number;
  transmit(d: DialogueImpl, m: OutTcap): WireMessage;
  released(d: DialogueImpl): void;
  /** The list of the receive timeouts of `ms`. */
  deadlines(ms: number): DeadlineList;
  /** Hand the dialogue's settled wait to its waiter in a microtask (dispatchWait), after what runs now. */
  ready(d: DialogueImpl): void;
}

export class DialogueImpl implements Dialogue, DeadlineEntry {
  state: DialogueState;
  readonly localTid: number;
  readonly localTidHex: string;
  remoteTid: Uint8Array | undefined;
  remoteTidHex: string | undefined;
  ac: ApplicationContext | null;
  localAddress: SccpAddress;
  remoteAddress: SccpAddress;
  /** Encoded SCCP addresses used on the wire (called = remote, calling = local). */
  remoteEnc: Uint8Array;
  localEnc: Uint8Array;
  /** MTP3 label for outbound messages. */
  opc: number;
  dpc: number;
  sls: number;
  /** The association the dialogue's messages go on (set when one leaves, or by the first reply). */
  link: BoundLink | undefined;
  /** A Begin with AARQ arrived and we have not answered it yet (the answer carries the AARE). */
  aarePending = false;
  /** An outbound Begin was sent and no reply has arrived yet (the first reply may change the remote address). */
  firstReplyPending = false;
  endReason: string | undefined;
  /** AARQ user-information of our Begin (OpenDialogueOptions.userInformation). */
  userInformation: Uint8Array | undefined;
  /** Invokes answered by the gateway itself (OpenDialogueOptions.autoAnswer). */
  autoAnswer: AutoAnswer | undefined;
  private queue: OutComponent[] = [];
  private invokeCounter = 0;
  /** Messages not read yet; made on the first that waits (most dialogues have a receive waiting for each message). */
  private inbox: TcapMessage[] | undefined = undefined;
  /** The receive waiting, its signal and (for a signal other than the bound one) its listener. */
  private waiter: MessageWaiter | undefined = undefined;
  private waitSignal: EndSignal | undefined = undefined;
  private waitOnAbort: (() => void) | undefined = undefined;
  /** A settled wait waiting for dispatchWait: its waiter and what it gets (a message or an error). */
  private readyWaiter: MessageWaiter | undefined = undefined;
  private readyMsg: TcapMessage | undefined = undefined;
  private readyErr: SigtranError | undefined = undefined;
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
    this.localTidHex = tidHex(localTid);
    this.state = setup.state;
    this.ac = setup.ac;
    this.localAddress = setup.local;
    this.remoteAddress = setup.remote;
    this.localEnc = setup.localEnc;
    this.remoteEnc = setup.remoteEnc;
    this.opc = setup.opc;
    this.dpc = setup.dpc;
    this.sls = localTid & SLS_MASK;
  }

  get gateway(): SigtranGateway {
    return this.host.gateway;
  }

  get pendingComponents(): number {
    return this.queue.length;
  }

  get queued(): number {
    return this.inbox?.length ?? 0;
  }

  setRemoteTid(t: Uint8Array): void {
    this.remoteTid = new Uint8Array(t);
    this.remoteTidHex = toHex(t);
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
    this.boundMode = mode;
    this.boundSignal = signal;
    signal.addEventListener('abort', this);
  }

  /** The signal the dialogue is bound to: when it fires the dialogue is closed or released (which ends a receive). */
  private boundSignal: EndSignal | undefined = undefined;
  private boundMode: 'abort' | 'release' = 'abort';

  /**
   * The bound signal fired (the dialogue listens with itself, as EventTarget allows an object with handleEvent: no
   * closure per dialogue, which was 96 bytes of every call held in flight).
   */
  handleEvent(): void {
    this.boundSignal = undefined;
    if (this.boundMode === 'abort') this.close();
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
      this.invokeCounter = this.invokeCounter >= 127 ? 1 : this.invokeCounter + 1;
      id = this.invokeCounter;
    }
    // one shape for every queued Invoke (a spread of the caller's object is a slow, shape-changing copy)
    this.queue.push({ t: 'invoke', s: { opcode: spec.opcode, argument: spec.argument, invokeId: id, linkedId: spec.linkedId } });
    return id;
  }

  returnResult(spec: ReturnResultSpec): void {
    this.assertOpen('queue a ReturnResult');
    this.queue.push({ t: 'result', s: spec });
  }

  returnError(spec: ReturnErrorSpec): void {
    this.assertOpen('queue a ReturnError');
    this.queue.push({ t: 'error', s: spec });
  }

  reject(spec: RejectSpec): void {
    this.assertOpen('queue a Reject');
    this.queue.push({ t: 'reject', s: spec });
  }

  private aare(): OutDialogue | undefined {
    if (!this.aarePending || !this.ac) return undefined;
    this.aarePending = false;
    return { type: 'aare', ac: this.ac, result: 0, diagSource: 'user', diag: 0 };
  }

  private takeComponents(): OutComponent[] {
    const q = this.queue;
    this.queue = [];
    return q;
  }

  send(): WireMessage {
    this.assertOpen('send');
    if (this.state === 'idle') {
      const m: OutTcap = { kind: 'begin', otid: this.localTid, components: this.queue };
      if (this.ac) m.dialogue = this.userInformation ? { type: 'aarq', ac: this.ac, userInformation: this.userInformation } : { type: 'aarq', ac: this.ac };
      const w = this.host.transmit(this, m);
      this.queue = [];
      this.state = 'initiated';
      this.firstReplyPending = true;
      return w;
    }
    if (this.state === 'initiated') {
      throw new SigtranError('state', `cannot send a Continue on TCAP dialogue ${this.localTidHex}: the peer has not answered the Begin yet`);
    }
    const m: OutTcap = { kind: 'continue', otid: this.localTid, dtid: this.remoteTid!, components: this.queue };
    const dlg = this.aarePending && this.ac ? { type: 'aare' as const, ac: this.ac, result: 0 as const, diagSource: 'user' as const, diag: 0 } : undefined;
    if (dlg) m.dialogue = dlg;
    const w = this.host.transmit(this, m);
    this.aarePending = false;
    this.queue = [];
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
    const m: OutTcap = { kind: 'end', dtid: this.remoteTid!, components: this.queue };
    const dlg = this.aare();
    if (dlg) m.dialogue = dlg;
    const w = this.host.transmit(this, m);
    this.queue = [];
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
      this.queue = [];
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
      this.waitSignal = signal;
      this.waitOnAbort = () => {
        const w = this.clearWaiter();
        if (w) this.settle(w, undefined, new SigtranError('cancelled', `wait on TCAP dialogue ${this.localTidHex} cancelled`));
      };
      signal.addEventListener('abort', this.waitOnAbort, { once: true });
    }
  }

  /** The receive timed out (DeadlineEntry). */
  expire(list: DeadlineList): void {
    const w = this.clearWaiter();
    if (w) this.settle(w, undefined, new SigtranError('timeout', `no TCAP message from the peer within ${fmtMs(list.ms)} (dialogue ${this.localTidHex}, ${this.state})`));
  }

  /**
   * Hand `w` its message or error after what runs now, as a settled promise would (a message delivered and the
   * dialogue's end that follows it are both seen by then). The dialogue holds one settled wait; another, settled
   * before the first was handed over (a second receive() at once), gets a microtask of its own.
   */
  private settle(w: MessageWaiter, m: TcapMessage | undefined, e: SigtranError | undefined): void {
    if (this.readyWaiter) {
      queueMicrotask(() => (m ? w.onMessage(m) : w.onFailure(e!)));
      return;
    }
    this.readyWaiter = w;
    this.readyMsg = m;
    this.readyErr = e;
    this.host.ready(this);
  }

  /** Called by the host for a dialogue it was given by ready(). A waiter must not throw; if one does, the host logs it. */
  dispatchWait(): void {
    const w = this.readyWaiter;
    if (!w) return;
    const m = this.readyMsg;
    const e = this.readyErr;
    this.readyWaiter = this.readyMsg = this.readyErr = undefined;
    if (m) w.onMessage(m);
    else w.onFailure(e!);
  }

  private clearWaiter(): MessageWaiter | undefined {
    const w = this.waiter;
    if (!w) return undefined;
    this.waiter = undefined;
    if (this.dlList) this.dlList.remove(this);
    if (this.waitOnAbort) {
      this.waitSignal!.removeEventListener('abort', this.waitOnAbort);
      this.waitSignal = this.waitOnAbort = undefined;
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
    this.queue = [];
    this.finish('released locally');
  }
}

function fmtMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
