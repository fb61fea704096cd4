// Registrations of inbound Begins by routing key. The TCAP users add routers that name a Begin by keys, most
// specific first (`<family>:<operation>|<field>:<value>`, ..., `<family>:<operation>`); test instances
// register for one key. A Begin goes to a registration of one of its keys; a Begin of a kind that has registrations
// but none for any of its keys is refused at once (the registrations' refusal, else a TCAP U-Abort).
import type { BeginListener, BeginRouter, RegisterOptions, TcapMessage } from '../api.js';
import type { LogFn } from '../sccp/service.js';
import { BeginListenerImpl } from './listener.js';

/** What registrations need from the Begin routing around them (begins.ts). */
export interface RegistrationHost {
  readonly defaultTimeoutMs: number;
  /** Move waiting Begins that `wanted` names out of the backlog into `take`, until it has no room. */
  takeFromBacklog(wanted: (m: TcapMessage) => boolean, take: (m: TcapMessage) => boolean): void;
  /** A Begin a closing registration still held: routed again. */
  reoffer(m: TcapMessage): void;
  readonly log: LogFn;
}

interface Registration {
  key: string;
  refuse: ((m: TcapMessage) => void) | undefined;
  listener: BeginListenerImpl;
  cleanup?: () => void;
}

/** The kind of a routing key: the part before '|'. */
export function kindOf(key: string): string {
  const i = key.indexOf('|');
  return i < 0 ? key : key.slice(0, i);
}

export class Registrations {
  /** Begins refused at once: of a registered kind, matching no registration. */
  refused = 0;
  private readonly routers: BeginRouter[] = [];
  /** Registrations by key, and how many are active per kind. */
  private readonly byKey = new Map<string, Registration[]>();
  private readonly kinds = new Map<string, number>();
  /** The routing keys of inbound Begins, computed once per Begin. */
  private readonly routeKeys = new WeakMap<TcapMessage, readonly string[]>();

  constructor(private readonly host: RegistrationHost) {}

  /** Active registrations (all keys). */
  get active(): number {
    let n = 0;
    for (const v of this.kinds.values()) n += v;
    return n;
  }

  addRouter(r: BeginRouter): void {
    if (!this.routers.includes(r)) this.routers.push(r);
  }

  /** The keys of a Begin: the first router that names it; a router that throws is logged and skipped. */
  keysOf(m: TcapMessage): readonly string[] {
    let keys = this.routeKeys.get(m);
    if (keys) return keys;
    keys = [];
    for (const r of this.routers) {
      try {
        keys = r.keys(m);
      } catch (e) {
        this.host.log('error', `a Begin router failed: ${(e as Error).message}`);
        keys = [];
      }
      if (keys.length) break;
    }
    this.routeKeys.set(m, keys);
    return keys;
  }

  register(key: string, opts: RegisterOptions = {}): BeginListener {
    const reg: Registration = {
      key,
      refuse: opts.refuse,
      listener: new BeginListenerImpl(
        () => this.unregister(reg),
        (m) => this.host.reoffer(m),
        undefined,
        this.host.defaultTimeoutMs,
        Math.max(1, opts.capacity ?? 1),
      ),
    };
    const list = this.byKey.get(key);
    if (list) list.push(reg);
    else this.byKey.set(key, [reg]);
    const kind = kindOf(key);
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
    // Begins of this key that arrived before the registration
    this.host.takeFromBacklog((m) => this.keysOf(m).includes(key), (m) => reg.listener.push(m));
    this.bindSignal(reg, opts.signal);
    return reg.listener;
  }

  private bindSignal(reg: Registration, signal: RegisterOptions['signal']): void {
    if (!signal) return;
    if (signal.aborted) {
      reg.listener.close();
      return;
    }
    const onAbort = () => reg.listener.close();
    signal.addEventListener('abort', onAbort, { once: true });
    reg.cleanup = () => signal.removeEventListener('abort', onAbort);
  }

  private unregister(reg: Registration): void {
    const list = this.byKey.get(reg.key);
    const i = list?.indexOf(reg) ?? -1;
    if (i < 0) return;
    list!.splice(i, 1);
    if (!list!.length) this.byKey.delete(reg.key);
    const kind = kindOf(reg.key);
    const n = (this.kinds.get(kind) ?? 1) - 1;
    if (n > 0) this.kinds.set(kind, n);
    else this.kinds.delete(kind);
    reg.cleanup?.();
  }

  /** Give a Begin to a registration of one of its keys (a waiting one first, then one with room). */
  offer(m: TcapMessage): boolean {
    if (!this.byKey.size) return false;
    for (const k of this.keysOf(m)) {
      const list = this.byKey.get(k);
      if (!list) continue;
      const waiting = list.find((r) => r.listener.waiting);
      if (waiting?.listener.push(m)) return true;
      for (const r of list) if (r.listener.push(m)) return true;
    }
    return false;
  }

  /**
   * A Begin of a registered kind with no registration for any of its keys is refused now: with the refusal a
   * registration of its kind gives, else by a U-Abort. False (not refused) for a Begin of another kind, or one
   * whose registration is only busy (it waits in the backlog).
   */
  refuseUnclaimed(m: TcapMessage): boolean {
    const keys = this.keysOf(m);
    if (!keys.length) return false;
    const kind = kindOf(keys[keys.length - 1]!);
    if (!this.kinds.get(kind)) return false;
    if (keys.some((k) => this.byKey.has(k))) return false;
    this.refused++;
    this.host.log('debug', `inbound Begin ${m.dialogue.remoteTidHex} (${keys.join(', ')}) refused: no test instance registered for it`);
    this.refuseWith(this.refusalOf(kind), m);
    return true;
  }

  /** The refusal of the kind's registrations (the last registered that gives one). */
  private refusalOf(kind: string): ((m: TcapMessage) => void) | undefined {
    let refuse: ((m: TcapMessage) => void) | undefined;
    for (const list of this.byKey.values()) for (const r of list) if (r.refuse && kindOf(r.key) === kind) refuse = r.refuse;
    return refuse;
  }

  private refuseWith(refuse: ((m: TcapMessage) => void) | undefined, m: TcapMessage): void {
    try {
      if (refuse) refuse(m);
    } catch (e) {
      this.host.log('warn', `refusing Begin ${m.dialogue.remoteTidHex}: ${(e as Error).message}`);
    }
    if (m.dialogue.state === 'ended') return;
    try {
      m.dialogue.abort();
    } catch {
      m.dialogue.release();
    }
  }

  /** Close every registration (gateway stopped). */
  closeAll(): void {
    // closing a listener takes it out of its list (and an emptied list out of the map): walk copies
    for (const list of Array.from(this.byKey.values())) for (const r of list.slice()) r.listener.close();
  }
}
