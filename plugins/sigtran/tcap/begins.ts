// Where an inbound Begin goes once its dialogue is open: to a registration of one of its keys (registrations.ts),
// else to the first acceptBegin() or listen() whose criterion it matches; a Begin of a registered kind that no
// registration claims is refused at once; any other waits in the backlog for a test instance that asks for it a
// moment later, and after defaultTimeoutMs gets a P-Abort resourceLimitation.
import type { BeginCriterion, BeginListener, ReceiveOptions, TcapMessage } from '../api.js';
import type { EndSignal } from '../../../sdk/index.js';
import { SigtranError } from '../errors.js';
import type { LogFn } from '../sccp/service.js';
import { Criterion } from './criterion.js';
import { BACKLOG_MAX, BeginListenerImpl, bindTaken } from './listener.js';
import { Registrations, type RegistrationHost } from './registrations.js';

/** What the Begin routing needs from the TCAP layer. */
export interface BeginsHost {
  readonly defaultTimeoutMs: number;
  /** Refuse a Begin nobody took (P-Abort resourceLimitation): its dialogue ends. */
  refuse(m: TcapMessage): void;
  readonly log: LogFn;
}

/** A one-shot acceptBegin() waiting. */
interface Acceptor {
  criterion: Criterion;
  resolve(m: TcapMessage): void;
  reject(e: Error): void;
  timer: NodeJS.Timeout | undefined;
  signal: EndSignal | undefined;
  onAbort: (() => void) | undefined;
}

interface Backlogged {
  msg: TcapMessage;
  expires: number;
}

/** How often the backlog is swept for Begins whose wait is over. */
const SWEEP_MS = 250;

export class InboundBegins implements RegistrationHost {
  /** Begins refused with a P-Abort because no test instance took them (the backlog was full, or their wait ended). */
  refused = 0;
  readonly registrations: Registrations;
  private acceptors: Acceptor[] = [];
  private readonly listeners: BeginListenerImpl[] = [];
  private backlog: Backlogged[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(private readonly host: BeginsHost) {
    this.registrations = new Registrations(this);
  }

  get defaultTimeoutMs(): number {
    return this.host.defaultTimeoutMs;
  }

  get log(): LogFn {
    return this.host.log;
  }

  /** A Begin whose dialogue was just opened. */
  take(m: TcapMessage): void {
    if (this.offer(m) || this.registrations.refuseUnclaimed(m)) return;
    if (this.backlog.length >= BACKLOG_MAX) {
      this.host.log('warn', `Begin from ${m.peer} refused: nobody waits for it and the backlog is full`);
      this.refuse(m);
      return;
    }
    this.keep(m);
  }

  /** A Begin a closing registration still held: routed again (another registration, a criterion, or the backlog). */
  reoffer(m: TcapMessage): void {
    if (m.dialogue.state !== 'received') return;
    if (this.offer(m) || this.registrations.refuseUnclaimed(m)) return;
    this.keep(m);
  }

  private refuse(m: TcapMessage): void {
    this.refused++;
    this.host.refuse(m);
  }

  /** Give a Begin to a registration of one of its keys, else to the first matching acceptor or listener. */
  private offer(m: TcapMessage): boolean {
    if (this.registrations.offer(m)) return true;
    for (let i = 0; i < this.acceptors.length; i++) {
      const a = this.acceptors[i]!;
      if (a.criterion.matches(m)) {
        this.acceptors.splice(i, 1);
        clearAcceptor(a);
        a.resolve(m);
        return true;
      }
    }
    for (const l of this.listeners) if (l.criterion!.matches(m) && l.push(m)) return true;
    return false;
  }

  // ---- the backlog ----

  private keep(m: TcapMessage): void {
    this.backlog.push({ msg: m, expires: Date.now() + this.host.defaultTimeoutMs });
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  private sweep(): void {
    const now = Date.now();
    while (this.backlog.length && this.backlog[0]!.expires <= now) {
      const b = this.backlog.shift()!;
      if (b.msg.dialogue.state !== 'received') continue;
      this.host.log('info', `inbound Begin ${b.msg.dialogue.remoteTidHex} was not taken by any test instance within ${this.host.defaultTimeoutMs} ms: aborted`);
      this.refuse(b.msg);
    }
    if (!this.backlog.length && this.sweepTimer) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = undefined;
    }
  }

  takeFromBacklog(wanted: (m: TcapMessage) => boolean, take: (m: TcapMessage) => boolean): void {
    for (let i = 0; i < this.backlog.length; i++) {
      const m = this.backlog[i]!.msg;
      if (m.dialogue.state !== 'received' || !wanted(m)) continue;
      if (!take(m)) break;
      this.backlog.splice(i--, 1);
    }
  }

  private takeOneFromBacklog(criterion: Criterion): TcapMessage | undefined {
    for (let i = 0; i < this.backlog.length; i++) {
      const m = this.backlog[i]!.msg;
      if (m.dialogue.state !== 'received' || !criterion.matches(m)) continue;
      this.backlog.splice(i, 1);
      return m;
    }
    return undefined;
  }

  // ---- test instances asking for Begins ----

  acceptBegin(spec: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage> {
    const criterion = new Criterion(spec);
    const taken = this.takeOneFromBacklog(criterion);
    if (taken) {
      bindTaken(taken, opts?.signal);
      return Promise.resolve(taken);
    }
    if (opts?.signal?.aborted) return Promise.reject(new SigtranError('cancelled', 'wait cancelled'));
    return new Promise((resolve, reject) => this.await(criterion, opts, resolve, reject));
  }

  private await(criterion: Criterion, opts: ReceiveOptions | undefined, resolve: (m: TcapMessage) => void, reject: (e: Error) => void): void {
    const timeoutMs = opts?.timeoutMs ?? this.host.defaultTimeoutMs;
    const a: Acceptor = {
      criterion,
      resolve: (m) => {
        bindTaken(m, a.signal);
        resolve(m);
      },
      reject,
      timer: undefined,
      signal: opts?.signal,
      onAbort: undefined,
    };
    const drop = () => {
      const i = this.acceptors.indexOf(a);
      if (i >= 0) this.acceptors.splice(i, 1);
      clearAcceptor(a);
    };
    a.timer = setTimeout(() => {
      drop();
      reject(new SigtranError('timeout', `no matching TCAP Begin arrived within ${timeoutMs % 1000 ? timeoutMs + ' ms' : timeoutMs / 1000 + ' s'}${criterion.describe()}`));
    }, timeoutMs);
    if (a.signal) {
      a.onAbort = () => {
        drop();
        reject(new SigtranError('cancelled', 'wait for a TCAP Begin cancelled'));
      };
      a.signal.addEventListener('abort', a.onAbort, { once: true });
    }
    this.acceptors.push(a);
  }

  listen(spec: BeginCriterion): BeginListener {
    const criterion = new Criterion(spec);
    const l: BeginListenerImpl = new BeginListenerImpl(
      () => this.removeListener(l),
      (m) => this.refuseIfWaiting(m),
      criterion,
      this.host.defaultTimeoutMs,
    );
    this.listeners.push(l);
    // Begins already in the backlog that match
    this.takeFromBacklog((m) => criterion.matches(m), (m) => l.push(m));
    return l;
  }

  private removeListener(l: BeginListenerImpl): void {
    const i = this.listeners.indexOf(l);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /** A Begin a closing listener still held: refused (its dialogue is still waiting for an answer). */
  private refuseIfWaiting(m: TcapMessage): void {
    if (m.dialogue.state === 'received') this.refuse(m);
  }

  stop(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
    for (const a of this.acceptors) {
      clearAcceptor(a);
      a.reject(new SigtranError('down', 'gateway stopped'));
    }
    this.acceptors = [];
    this.backlog = [];
    this.registrations.closeAll();
  }
}

function clearAcceptor(a: Acceptor): void {
  if (a.timer) clearTimeout(a.timer);
  if (a.signal && a.onAbort) a.signal.removeEventListener('abort', a.onAbort);
}
