// Transaction-id allocation, routing of inbound TCAP messages to dialogues, inbound-Begin matching
// (registrations by routing key, acceptBegin/listen by criterion) and P-Aborts for unknown transactions.
//
// Routing of inbound Begins: the TCAP users (map, inap) add routers that name a Begin by keys (`<kind>|<detail>`
// ..., `<kind>`); test instances register for keys. A Begin goes to a registration of one of its keys, else to an
// acceptBegin()/listen() criterion; a Begin of a kind that has registrations but none for any of its keys is
// refused at once (the registrations' refusal, else a TCAP U-Abort); other Begins wait in the backlog.
import type { ApplicationContext } from '../ac.js';
import type { BeginCriterion, BeginListener, BeginRouter, ReceiveOptions, RegisterOptions, SccpAddress, SigtranGateway, TcapMessage, WireMessage } from '../api.js';
import { IdTable, type EndSignal } from '../../../sdk/index.js';
import { SigtranError } from '../errors.js';
import { P_ABORT_CAUSES, TcapError, decodeTcap, rejectText, tidNumber, type DecodedTcap, type OutTcap } from './codec.js';
import { DialogueImpl, type DialogueHost } from './dialogue.js';
import { DeadlineList } from './deadlines.js';
import { InboundMessage } from './message.js';
import { toHex } from '../ber/hex.js';

/** What the manager needs from the gateway below it. */
export interface TcapLower {
  readonly gateway: SigtranGateway;
  /** Encode `m` as TCAP and send it in SCCP/M3UA for dialogue `d`. */
  transmit(d: DialogueImpl, m: OutTcap): WireMessage;
  /** Send a TCAP message outside any dialogue (P-Abort to an unknown transaction): addresses swapped from `inb`. */
  transmitReply(inb: InboundContext, m: OutTcap): void;
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
}

/** Where an inbound message came from (SCCP/M3UA layers). */
export interface InboundContext {
  called: SccpAddress;
  calling: SccpAddress;
  calledRaw: Uint8Array;
  callingRaw: Uint8Array;
  opc: number;
  dpc: number;
  sls: number;
  raw: Uint8Array;
  peer: string;
  link: unknown;
}

interface Acceptor {
  criterion: BeginCriterion;
  acOid: string | null | undefined;
  resolve(m: TcapMessage): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout | undefined;
  signal: EndSignal | undefined;
  onAbort: (() => void) | undefined;
  /** A standing listener's queue instead of a one-shot promise. */
  listener?: ListenerImpl;
}

interface Backlogged {
  msg: InboundMessage;
  expires: number;
}

const BACKLOG_MAX = 2000;

export class DialogueManager implements DialogueHost {
  /** Open dialogues by local transaction id (an IdTable, not a Map: see sdk/id-table.ts). */
  readonly dialogues = new IdTable<DialogueImpl>();
  private nextTid = (Math.random() * 0x7fffffff) >>> 0;
  private acceptors: Acceptor[] = [];
  private listeners: ListenerImpl[] = [];
  private backlog: Backlogged[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  private routers: BeginRouter[] = [];
  /** Registrations by routing key, and how many are active per kind (the part of a key before '|'). */
  private registrations = new Map<string, Registration[]>();
  private kinds = new Map<string, number>();
  /** Routing keys of inbound Begins, computed once. */
  private routeKeys = new WeakMap<TcapMessage, readonly string[]>();
  /** Begins refused because no test instance took them (at once, or after waiting in the backlog). */
  refusedBegins = 0;

  /** Active registrations (all keys). */
  get registered(): number {
    let n = 0;
    for (const v of this.kinds.values()) n += v;
    return n;
  }

  constructor(
    private readonly lower: TcapLower,
    readonly defaultTimeoutMs: number,
    private readonly maxDialogues: number,
  ) {}

  get gateway(): SigtranGateway {
    return this.lower.gateway;
  }

  transmit(d: DialogueImpl, m: OutTcap): WireMessage {
    return this.lower.transmit(d, m);
  }

  released(d: DialogueImpl): void {
    this.dialogues.delete(d.localTid);
  }

  /** The receive timeouts, one list per duration (few: the runs' tcap_timeout and the gateway's default). */
  private readonly deadlineLists = new Map<number, DeadlineList>();

  deadlines(ms: number): DeadlineList {
    let l = this.deadlineLists.get(ms);
    if (!l) {
      // durations come from the runs: forget the lists nobody waits in before keeping more than a few
      if (this.deadlineLists.size >= 16) for (const [k, v] of this.deadlineLists) if (v.size === 0) this.deadlineLists.delete(k);
      this.deadlineLists.set(ms, (l = new DeadlineList(ms)));
    }
    return l;
  }

  /** Dialogues whose receive has settled, handed to their waiters in one microtask. */
  private readyDialogues: DialogueImpl[] = [];
  private readyQueued = false;

  ready(d: DialogueImpl): void {
    this.readyDialogues.push(d);
    if (!this.readyQueued) {
      this.readyQueued = true;
      queueMicrotask(this.dispatchReady);
    }
  }

  private readonly dispatchReady = (): void => {
    this.readyQueued = false;
    const list = this.readyDialogues;
    this.readyDialogues = [];
    for (const d of list) {
      try {
        d.dispatchWait();
      } catch (e) {
        this.lower.log('error', `a receive's waiter on TCAP dialogue ${d.localTidHex} threw: ${String(e)}`);
      }
    }
  };

  allocateTid(): number {
    if (this.dialogues.size >= this.maxDialogues) {
      throw new SigtranError('state', `too many open TCAP dialogues (${this.dialogues.size}; maxDialogues ${this.maxDialogues})`);
    }
    for (let i = 0; i < 1000; i++) {
      this.nextTid = (this.nextTid + 1) >>> 0;
      if (this.nextTid === 0) continue;
      if (!this.dialogues.has(this.nextTid)) return this.nextTid;
    }
    throw new SigtranError('state', 'no free TCAP transaction id');
  }

  create(
    state: 'idle' | 'received',
    ac: ApplicationContext | null,
    local: SccpAddress,
    remote: SccpAddress,
    localEnc: Uint8Array,
    remoteEnc: Uint8Array,
    opc: number,
    dpc: number,
  ): DialogueImpl {
    const tid = this.allocateTid();
    const d = new DialogueImpl(this, tid, state, ac, local, remote, localEnc, remoteEnc, opc, dpc);
    this.dialogues.set(tid, d);
    return d;
  }

  /** Abort everything (gateway stopped or association lost with no other link). */
  failAll(reason: string): void {
    for (const d of this.dialogues.values()) {
      if (d.state === 'idle') continue;
      this.deliverLocalAbort(d, reason);
    }
  }

  private deliverLocalAbort(d: DialogueImpl, reason: string, ctx?: InboundContext): void {
    const m = new InboundMessage('p-abort', d, [], undefined, ctx?.called ?? d.localAddress, ctx?.calling ?? d.remoteAddress, ctx?.opc ?? d.dpc, ctx?.dpc ?? d.opc, ctx?.sls ?? d.sls, ctx?.raw ?? new Uint8Array(0), ctx?.peer ?? '');
    m.reason = reason;
    d.deliver(m);
    d.finish(reason);
  }

  /** An SCCP UDTS/XUDTS returned one of our messages: end the dialogue it belonged to. */
  onNotice(ctx: InboundContext, data: Uint8Array, returnCause: number, reasonText: string): void {
    let dec: DecodedTcap | undefined;
    try {
      dec = decodeTcap(data);
    } catch {
      dec = undefined;
    }
    // The returned message is one of ours: its otid (Begin/Continue) or dtid (End/Abort) names our side.
    const tid = dec?.kind === 'begin' || dec?.kind === 'continue' ? dec.otid : undefined;
    const d = tid ? this.dialogues.get(tidNumber(tid)) : undefined;
    if (!d) {
      this.lower.log('warn', `${reasonText} for a message of no open dialogue`);
      return;
    }
    const m = new InboundMessage('notice', d, [], undefined, ctx.called, ctx.calling, ctx.opc, ctx.dpc, ctx.sls, ctx.raw, ctx.peer);
    m.returnCause = returnCause;
    m.reason = reasonText;
    d.deliver(m);
    d.finish(reasonText);
  }

  /** An inbound TCAP message (SCCP user data). Never throws. */
  onTcap(ctx: InboundContext, data: Uint8Array): void {
    let dec: DecodedTcap;
    try {
      dec = decodeTcap(data);
    } catch (e) {
      if (!(e instanceof TcapError)) {
        this.lower.log('error', `TCAP decoding failed unexpectedly: ${String(e)}`);
        return;
      }
      this.onBadTcap(ctx, e);
      return;
    }
    switch (dec.kind) {
      case 'begin':
        return this.onBegin(ctx, dec);
      case 'continue':
      case 'end':
      case 'abort':
        return this.onExisting(ctx, dec);
      case 'unidirectional':
        this.lower.log('debug', 'TCAP Unidirectional received and ignored');
        return;
    }
  }

  /**
   * A message that does not decode (Q.774): a fault in the transaction or dialogue portion is answered with a
   * P-Abort naming the cause; a fault in the component portion with a TCAP End carrying a Reject (general problem,
   * invoke id when derivable) — the component sublayer's Reject, sent with the TC-END the test instance's abort
   * makes. Our dialogue it belongs to ends as a local P-Abort with the reason (its test instance aborts, others go on).
   * Nothing is sent back to an End or an Abort, nor where the peer's transaction id is unknown.
   */
  private onBadTcap(ctx: InboundContext, e: TcapError): void {
    const d = e.dtid && e.kind !== 'begin' && e.kind !== 'unidirectional' ? this.dialogues.get(tidNumber(e.dtid)) : undefined;
    const open = d !== undefined && d.state !== 'idle' && d.state !== 'ended';
    // where an answer goes: our dialogue's peer, else the sender's otid (a Begin, or a Continue whose dtid is not ours)
    const to = open ? (d.remoteTid ?? (e.kind === 'continue' ? e.otid : undefined)) : e.otid;
    let answer = '';
    if (to && e.kind !== 'end' && e.kind !== 'abort') {
      if (e.pAbortCause !== undefined || (!open && e.kind === 'continue')) {
        const cause = e.pAbortCause ?? 1; // a Continue for no dialogue of ours: unrecognizedTransactionID
        answer = this.answer(ctx, open ? d : undefined, { kind: 'abort', dtid: to, pAbortCause: cause }, `P-Abort ${P_ABORT_CAUSES[cause]} (${cause})`);
      } else if (e.reject) {
        const m: OutTcap = { kind: 'end', dtid: to, components: [{ t: 'reject', s: e.reject }] };
        const aarq = !open && e.kind === 'begin' && e.dialogue?.type === 'aarq' ? e.dialogue : undefined;
        if (aarq) m.dialogue = { type: 'aare', ac: aarq.ac, result: 0, diagSource: 'user', diag: 0 };
        answer = this.answer(ctx, open ? d : undefined, m, `TCAP End with a Reject (${rejectText(e.reject.problem, e.reject.code)}, invoke ${e.reject.invokeId ?? 'not derivable'})`);
      }
    }
    this.lower.log('warn', `bad TCAP ${e.kind ?? 'message'} from ${ctx.peer}: ${e.reason}${answer}`);
    if (open) this.deliverLocalAbort(d, `bad TCAP message from the peer: ${e.reason}${answer}`, ctx);
  }

  /** Send the answer to a bad message (in dialogue `d`, or outside any); returns the text saying so, '' if it failed. */
  private answer(ctx: InboundContext, d: DialogueImpl | undefined, m: OutTcap, what: string): string {
    try {
      if (d) this.lower.transmit(d, m);
      else this.lower.transmitReply(ctx, m);
      return `; ${what} sent back`;
    } catch {
      return ''; // gateway down
    }
  }

  private onExisting(ctx: InboundContext, dec: DecodedTcap): void {
    const d = this.dialogues.get(tidNumber(dec.dtid!));
    if (!d || d.state === 'idle') {
      this.lower.log('debug', `TCAP ${dec.kind} for unknown transaction ${toHex(dec.dtid!)} from ${ctx.peer}`);
      if (dec.kind === 'continue') {
        this.lower.transmitReply(ctx, { kind: 'abort', dtid: dec.otid!, pAbortCause: 1 });
      }
      return;
    }
    if (dec.kind === 'continue') {
      if (d.state === 'initiated') {
        d.setRemoteTid(dec.otid!);
        d.state = 'active';
      } else if (d.remoteTidHex !== toHex(dec.otid!)) {
        // Q.774: a Continue whose otid changed is an incorrect transaction portion.
        this.lower.transmitReply(ctx, { kind: 'abort', dtid: dec.otid!, pAbortCause: 3 });
        return;
      }
    }
    if (d.firstReplyPending) {
      // Q.714: the first reply's calling address becomes the called address of what follows.
      d.firstReplyPending = false;
      // the encoded address is what a later message of ours is sent to: an End or an Abort leaves none to send
      if (dec.kind === 'continue') d.remoteEnc = new Uint8Array(ctx.callingRaw);
      d.remoteAddress = ctx.calling;
      d.dpc = ctx.opc;
      d.link = ctx.link;
    }
    const kind: TcapMessage['kind'] = dec.kind === 'abort' ? (dec.pAbortCause !== undefined ? 'p-abort' : 'u-abort') : (dec.kind as 'continue' | 'end');
    const m = new InboundMessage(kind, d, dec.components, dec.dialogue, ctx.called, ctx.calling, ctx.opc, ctx.dpc, ctx.sls, ctx.raw, ctx.peer);
    if (dec.dialogue?.type === 'aare' && d.ac && dec.dialogue.result === 'accepted') d.ac = dec.dialogue.ac;
    if (dec.kind === 'abort') {
      if (dec.pAbortCause !== undefined) {
        m.pAbortCause = dec.pAbortCause;
        m.reason = `TCAP P-Abort from the peer: ${P_ABORT_CAUSES[dec.pAbortCause] ?? 'cause'} (${dec.pAbortCause})`;
      } else if (dec.dialogue?.type === 'aare') {
        const dg = dec.dialogue.diagnostic;
        m.reason = `TCAP U-Abort from the peer: application context ${dec.dialogue.ac.name ?? dec.dialogue.ac.oid} ${dec.dialogue.result}, ${dg.source} diagnostic ${dg.code}${dg.source === 'user' && dg.code === 2 ? ' (application-context-name-not-supported)' : ''}`;
      } else {
        m.reason = `TCAP U-Abort from the peer${dec.dialogue?.type === 'abrt' ? ` (abort-source ${dec.dialogue.source})` : ''}`;
      }
      d.deliver(m);
      d.finish(m.reason);
      return;
    }
    if (dec.kind === 'end') {
      d.deliver(m);
      d.finish('ended by the peer (TC-END)');
      return;
    }
    const auto = d.answerAutomatically(m);
    if (auto) {
      // answered at once (AutoAnswer): the user gets the rest of the message, if anything is left
      const original = new InboundMessage(m.kind, d, m.components, dec.dialogue, ctx.called, ctx.calling, ctx.opc, ctx.dpc, ctx.sls, ctx.raw, ctx.peer);
      m.components = auto.rest;
      const delivered = auto.rest.length > 0;
      if (delivered) d.deliver(m);
      try {
        d.autoAnswer?.onAnswered?.({ message: original, invokeIds: auto.invokeIds, sent: auto.sent, delivered });
      } catch (e) {
        this.lower.log('warn', `auto-answer callback failed: ${(e as Error).message}`);
      }
      return;
    }
    d.deliver(m);
  }

  private onBegin(ctx: InboundContext, dec: DecodedTcap): void {
    const ac = dec.dialogue?.type === 'aarq' ? dec.dialogue.ac : null;
    let d: DialogueImpl;
    try {
      d = this.create('received', ac, ctx.called, ctx.calling, new Uint8Array(ctx.calledRaw), new Uint8Array(ctx.callingRaw), ctx.dpc, ctx.opc);
    } catch (e) {
      this.lower.log('warn', `Begin from ${ctx.peer} refused: ${(e as Error).message}`);
      this.lower.transmitReply(ctx, { kind: 'abort', dtid: dec.otid!, pAbortCause: 4 });
      return;
    }
    d.setRemoteTid(dec.otid!);
    d.link = ctx.link;
    d.aarePending = ac !== null;
    d.sls = ctx.sls;
    const m = new InboundMessage('begin', d, dec.components, dec.dialogue, ctx.called, ctx.calling, ctx.opc, ctx.dpc, ctx.sls, ctx.raw, ctx.peer);
    if (this.offer(m)) return;
    if (this.refuseUnregistered(m)) return;
    if (this.backlog.length >= BACKLOG_MAX) {
      this.lower.log('warn', `Begin from ${ctx.peer} refused: nobody waits for it and the backlog is full`);
      this.refuse(d);
      return;
    }
    this.backlog.push({ msg: m, expires: Date.now() + this.defaultTimeoutMs });
    this.armSweep();
  }

  private refuse(d: DialogueImpl): void {
    this.refusedBegins++;
    try {
      this.lower.transmit(d, { kind: 'abort', dtid: d.remoteTid!, pAbortCause: 4 });
    } catch {
      // down
    }
    d.finish('refused: no test instance took the Begin');
  }

  // ---- routing by key ----

  addRouter(r: BeginRouter): void {
    if (!this.routers.includes(r)) this.routers.push(r);
  }

  private keysOf(m: TcapMessage): readonly string[] {
    let k = this.routeKeys.get(m);
    if (!k) {
      k = [];
      for (const r of this.routers) {
        try {
          k = r.keys(m);
        } catch (e) {
          this.lower.log('error', `a Begin router failed: ${(e as Error).message}`);
          k = [];
        }
        if (k.length) break;
      }
      this.routeKeys.set(m, k);
    }
    return k;
  }

  register(key: string, opts: RegisterOptions = {}): BeginListener {
    const kind = kindOf(key);
    const reg: Registration = {
      key,
      refuse: opts.refuse,
      listener: new ListenerImpl(() => this.unregister(reg), (m) => this.reoffer(m as InboundMessage), undefined, this.defaultTimeoutMs, Math.max(1, opts.capacity ?? 1)),
    };
    const list = this.registrations.get(key);
    if (list) list.push(reg);
    else this.registrations.set(key, [reg]);
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
    // Begins of this key that arrived before the registration
    for (let i = 0; i < this.backlog.length; i++) {
      const b = this.backlog[i]!;
      if (b.msg.dialogue.state !== 'received' || !this.keysOf(b.msg).includes(key)) continue;
      if (!reg.listener.push(b.msg)) break;
      this.backlog.splice(i--, 1);
    }
    const signal = opts.signal;
    if (signal) {
      if (signal.aborted) reg.listener.close();
      else {
        const onAbort = () => reg.listener.close();
        signal.addEventListener('abort', onAbort, { once: true });
        reg.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
    }
    return reg.listener;
  }

  private unregister(reg: Registration): void {
    const list = this.registrations.get(reg.key);
    const i = list?.indexOf(reg) ?? -1;
    if (i < 0) return;
    list!.splice(i, 1);
    if (!list!.length) this.registrations.delete(reg.key);
    const kind = kindOf(reg.key);
    const n = (this.kinds.get(kind) ?? 1) - 1;
    if (n > 0) this.kinds.set(kind, n);
    else this.kinds.delete(kind);
    reg.cleanup?.();
  }

  /** A Begin a closing registration still held: routed again (another registration, a criterion, or the backlog). */
  private reoffer(m: InboundMessage): void {
    if (m.dialogue.state !== 'received') return;
    if (this.offer(m) || this.refuseUnregistered(m)) return;
    this.backlog.push({ msg: m, expires: Date.now() + this.defaultTimeoutMs });
    this.armSweep();
  }

  /** A Begin of a registered kind with no registration for any of its keys: refused now. */
  private refuseUnregistered(m: InboundMessage): boolean {
    const keys = this.keysOf(m);
    if (!keys.length || !this.kinds.get(kindOf(keys[keys.length - 1]!))) return false;
    if (keys.some((k) => this.registrations.has(k))) return false; // registered, only busy: it waits in the backlog
    const kind = kindOf(keys[keys.length - 1]!);
    let refuse: ((m: TcapMessage) => void) | undefined;
    for (const list of this.registrations.values()) for (const r of list) if (r.refuse && kindOf(r.key) === kind) refuse = r.refuse;
    this.refusedBegins++;
    this.lower.log('debug', `inbound Begin ${m.dialogue.remoteTidHex} (${keys.join(', ')}) refused: no test instance registered for it`);
    try {
      if (refuse) refuse(m);
    } catch (e) {
      this.lower.log('warn', `refusing Begin ${m.dialogue.remoteTidHex}: ${(e as Error).message}`);
    }
    if (m.dialogue.state !== 'ended') {
      try {
        m.dialogue.abort();
      } catch {
        m.dialogue.release();
      }
    }
    return true;
  }

  private armSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => {
      const now = Date.now();
      while (this.backlog.length && this.backlog[0]!.expires <= now) {
        const b = this.backlog.shift()!;
        if (b.msg.dialogue.state === 'received') {
          this.lower.log('info', `inbound Begin ${b.msg.dialogue.remoteTidHex} was not taken by any test instance within ${this.defaultTimeoutMs} ms: aborted`);
          this.refuse(b.msg.dialogue as DialogueImpl);
        }
      }
      if (!this.backlog.length && this.sweepTimer) {
        clearInterval(this.sweepTimer);
        this.sweepTimer = undefined;
      }
    }, 250);
    this.sweepTimer.unref();
  }

  private matches(a: Acceptor, m: InboundMessage): boolean {
    const c = a.criterion;
    if (c.ssn !== undefined && m.called.ssn !== c.ssn) return false;
    if (a.acOid !== undefined) {
      if (a.acOid === null ? m.ac !== null : m.ac?.oid !== a.acOid) return false;
    }
    if (c.opcode !== undefined) {
      const first = m.components[0];
      if (!first || first.type !== 'invoke' || first.opcode !== c.opcode) return false;
    }
    if (c.filter) {
      try {
        if (!c.filter(m)) return false;
      } catch {
        return false;
      }
    }
    return true;
  }

  /** Give an inbound Begin to a registration of one of its keys, else to the first matching acceptor or listener. */
  private offer(m: InboundMessage): boolean {
    if (this.registrations.size) {
      for (const k of this.keysOf(m)) {
        const list = this.registrations.get(k);
        if (!list) continue;
        // the first registration that has room, starting with one that is waiting
        const waiting = list.find((r) => r.listener.waiting);
        if (waiting?.listener.push(m)) return true;
        for (const r of list) if (r.listener.push(m)) return true;
      }
    }
    for (let i = 0; i < this.acceptors.length; i++) {
      const a = this.acceptors[i]!;
      if (this.matches(a, m)) {
        this.acceptors.splice(i, 1);
        this.clearAcceptor(a);
        a.resolve(m);
        return true;
      }
    }
    for (const l of this.listeners) {
      if (this.matches(l.acc!, m) && l.push(m)) return true;
    }
    return false;
  }

  private clearAcceptor(a: Acceptor): void {
    if (a.timer) clearTimeout(a.timer);
    if (a.signal && a.onAbort) a.signal.removeEventListener('abort', a.onAbort);
  }

  private takeFromBacklog(a: Acceptor): InboundMessage | undefined {
    for (let i = 0; i < this.backlog.length; i++) {
      const b = this.backlog[i]!;
      if (b.msg.dialogue.state !== 'received') continue;
      if (this.matches(a, b.msg)) {
        this.backlog.splice(i, 1);
        return b.msg;
      }
    }
    return undefined;
  }

  acceptBegin(criterion: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage> {
    const a: Acceptor = {
      criterion,
      acOid: acOidOf(criterion.ac),
      resolve: () => undefined,
      reject: () => undefined,
      timer: undefined,
      signal: opts?.signal,
      onAbort: undefined,
    };
    const b = this.takeFromBacklog(a);
    if (b) {
      bindTaken(b, opts?.signal);
      return Promise.resolve(b);
    }
    if (opts?.signal?.aborted) return Promise.reject(new SigtranError('cancelled', 'wait cancelled'));
    const timeoutMs = opts?.timeoutMs ?? this.defaultTimeoutMs;
    return new Promise((resolve, reject) => {
      a.resolve = (m) => {
        bindTaken(m, a.signal);
        resolve(m);
      };
      a.reject = reject;
      const drop = () => {
        const i = this.acceptors.indexOf(a);
        if (i >= 0) this.acceptors.splice(i, 1);
        this.clearAcceptor(a);
      };
      a.timer = setTimeout(() => {
        drop();
        reject(new SigtranError('timeout', `no matching TCAP Begin arrived within ${timeoutMs % 1000 ? timeoutMs + ' ms' : timeoutMs / 1000 + ' s'}${describeCriterion(criterion)}`));
      }, timeoutMs);
      if (a.signal) {
        a.onAbort = () => {
          drop();
          reject(new SigtranError('cancelled', 'wait for a TCAP Begin cancelled'));
        };
        a.signal.addEventListener('abort', a.onAbort, { once: true });
      }
      this.acceptors.push(a);
    });
  }

  listen(criterion: BeginCriterion): BeginListener {
    const acc: Acceptor = { criterion, acOid: acOidOf(criterion.ac), resolve: () => undefined, reject: () => undefined, timer: undefined, signal: undefined, onAbort: undefined };
    const l: ListenerImpl = new ListenerImpl(() => this.removeListener(l), (m) => this.refuseBegin(m), acc, this.defaultTimeoutMs);
    this.listeners.push(l);
    // Begins already in the backlog that match
    for (let m = this.takeFromBacklog(acc); m; m = this.takeFromBacklog(acc)) if (!l.push(m)) break;
    return l;
  }

  removeListener(l: ListenerImpl): void {
    const i = this.listeners.indexOf(l);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  refuseBegin(m: TcapMessage): void {
    if (m.dialogue.state === 'received') this.refuse(m.dialogue as DialogueImpl);
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    for (const a of this.acceptors) {
      this.clearAcceptor(a);
      a.reject(new SigtranError('down', 'gateway stopped'));
    }
    this.acceptors = [];
    this.backlog = [];
    for (const list of [...this.registrations.values()]) for (const r of [...list]) r.listener.close();
  }
}

interface Registration {
  key: string;
  refuse: ((m: TcapMessage) => void) | undefined;
  listener: ListenerImpl;
  cleanup?: () => void;
}

/** The kind of a routing key: the part before '|'. */
function kindOf(key: string): string {
  const i = key.indexOf('|');
  return i < 0 ? key : key.slice(0, i);
}

/** Bind a taken Begin's dialogue to the taker's signal (closed when its test instance ends). */
function bindTaken(m: TcapMessage, signal: EndSignal | undefined): void {
  if (signal) (m.dialogue as DialogueImpl).bindSignal(signal, 'abort');
}

function acOidOf(ac: BeginCriterion['ac']): string | null | undefined {
  if (ac === undefined) return undefined;
  if (ac === null) return null;
  return typeof ac === 'string' ? ac : ac.oid;
}

function describeCriterion(c: BeginCriterion): string {
  const parts: string[] = [];
  if (c.ssn !== undefined) parts.push(`ssn ${c.ssn}`);
  if (c.ac !== undefined) parts.push(`ac ${c.ac === null ? 'none' : typeof c.ac === 'string' ? c.ac : (c.ac.name ?? c.ac.oid)}`);
  if (c.opcode !== undefined) parts.push(`opcode ${c.opcode}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

class ListenerImpl implements BeginListener {
  private q: TcapMessage[] = [];
  private waiter: { resolve(m: TcapMessage): void; reject(e: Error): void; cleanup(): void } | undefined;
  private closed = false;
  constructor(
    private readonly remove: () => void,
    private readonly refuse: (m: TcapMessage) => void,
    /** The criterion of a listen() listener; undefined for a registration by key. */
    readonly acc: Acceptor | undefined,
    private readonly defaultTimeoutMs: number,
    private readonly capacity = BACKLOG_MAX,
  ) {}

  get queued(): number {
    return this.q.length;
  }

  /** next() is waiting for a Begin. */
  get waiting(): boolean {
    return this.waiter !== undefined;
  }

  push(m: TcapMessage): boolean {
    if (this.closed) return false;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.cleanup();
      w.resolve(m);
      return true;
    }
    if (this.q.length >= this.capacity) return false;
    this.q.push(m);
    return true;
  }

  next(opts?: ReceiveOptions): Promise<TcapMessage> {
    const m = this.q.shift();
    if (m) {
      bindTaken(m, opts?.signal);
      return Promise.resolve(m);
    }
    if (this.closed) return Promise.reject(new SigtranError('ended', 'listener closed'));
    if (this.waiter) return Promise.reject(new SigtranError('state', 'next() is already waiting on this listener'));
    const timeoutMs = opts?.timeoutMs ?? this.defaultTimeoutMs;
    const signal = opts?.signal;
    if (signal?.aborted) return Promise.reject(new SigtranError('cancelled', 'wait cancelled'));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiter = undefined;
        clearTimeout(timer);
        reject(new SigtranError('cancelled', 'wait for a TCAP Begin cancelled'));
      };
      const timer = setTimeout(() => {
        this.waiter = undefined;
        signal?.removeEventListener('abort', onAbort);
        reject(new SigtranError('timeout', `no matching TCAP Begin arrived within ${timeoutMs} ms${this.acc ? describeCriterion(this.acc.criterion) : ''}`));
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = {
        resolve: (msg) => {
          bindTaken(msg, signal);
          resolve(msg);
        },
        reject,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.remove();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.cleanup();
      w.reject(new SigtranError('ended', 'listener closed'));
    }
    for (const m of this.q) this.refuse(m);
    this.q = [];
  }
}
