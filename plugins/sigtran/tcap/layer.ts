// The TCAP layer of a gateway: it encodes its dialogues' messages and hands them to SCCP, and decodes what SCCP
// hands up and routes it (inbound.ts) to a dialogue or, for a Begin, to whoever takes it (begins.ts). It is the
// dialogues' host: transaction ids (transaction-ids.ts), receive timeouts, the microtask that hands settled
// receives to their waiters. Answers to bad messages and P-Aborts are in aborts.ts.
import type { ApplicationContext } from '../ac.js';
import type { Adaptation, BeginCriterion, BeginListener, BeginRouter, MessageWaiter, ReceiveOptions, RegisterOptions, SigtranGateway, TcapMessage, WireMessage } from '../api.js';
import { BerWriter } from '../ber/writer.js';
import { SigtranError } from '../errors.js';
import { replyRoute, type InboundContext, type LogFn, type SccpRoute, type SccpUser } from '../sccp/service.js';
import { abortLocally, answerBadMessage, refuseBegin } from './aborts.js';
import { InboundBegins } from './begins.js';
import { TcapError, decodeTcap, encodeTcap, type DecodedTcap, type OutTcap } from './codec.js';
import { DeadlineList } from './deadlines.js';
import type { DialogueSetup } from './dialogue-ends.js';
import { DialogueImpl, type DialogueHost } from './dialogue.js';
import { noticeDialogue, routeInbound, type InboundHost } from './inbound.js';
import { TransactionIds } from './transaction-ids.js';
import { SentMessage } from './wire-message.js';

/** What the TCAP layer needs from the SCCP layer below it. */
export interface TcapLower {
  /** The Wireshark dissector of the messages `send` returns. */
  readonly dissector: Adaptation;
  /** Throws SigtranError 'down' when nothing can go to the route now (checked before a message is encoded). */
  checkReachable(route: SccpRoute): void;
  /** Send a TCAP message on `route` (binding it to its association); returns the M3UA messages, several when segmented. */
  send(route: SccpRoute, data: Uint8Array): Buffer[];
}

/** Receive timeouts of other durations are forgotten once this many lists exist and nobody waits in them. */
const DEADLINE_LISTS = 16;

export class TcapLayer implements DialogueHost, SccpUser, InboundHost {
  readonly transactions: TransactionIds<DialogueImpl>;
  private readonly begins: InboundBegins;
  private readonly writer = new BerWriter(1024);
  /** The receive timeouts, one list per duration (few: the runs' tcap_timeout and the gateway's default). */
  private readonly deadlineLists = new Map<number, DeadlineList>();
  /** Receives that have settled, handed to their waiters in one microtask: dialogue, waiter, message or error. */
  private readyWaits: (DialogueImpl | MessageWaiter | TcapMessage | SigtranError)[] = [];
  private readyQueued = false;

  constructor(
    readonly gateway: SigtranGateway,
    private readonly lower: TcapLower,
    readonly defaultTimeoutMs: number,
    maxDialogues: number,
    readonly log: LogFn,
  ) {
    this.transactions = new TransactionIds(maxDialogues);
    this.begins = new InboundBegins({ defaultTimeoutMs, log, refuse: (m) => refuseBegin(this, m) });
  }

  /** Begins refused because no test instance took them (at once, or after waiting in the backlog). */
  get refusedBegins(): number {
    return this.begins.refused + this.begins.registrations.refused;
  }

  /** Active registrations (all keys). */
  get registered(): number {
    return this.begins.registrations.active;
  }

  // ---- outbound ----

  create(setup: DialogueSetup): DialogueImpl {
    const d = new DialogueImpl(this, this.transactions.allocate(), setup);
    this.transactions.add(d);
    return d;
  }

  /** Encode `m` and send it in dialogue `d` (DialogueHost). */
  transmit(d: DialogueImpl, m: OutTcap): WireMessage {
    this.lower.checkReachable(d);
    const messages = this.lower.send(d, this.encode(m));
    const w = new SentMessage(messages[0]!, this.lower.dissector, m.kind === 'unidirectional' ? 'begin' : m.kind, this.gateway.name, d.link!, d.localTid, d.remoteTid);
    if (messages.length > 1) w.segments = messages;
    return w;
  }

  /** Send `m` outside any dialogue, back to where `ctx` came from (a P-Abort to an unknown transaction). Never throws. */
  transmitReply(ctx: InboundContext, m: OutTcap): void {
    try {
      this.lower.send(replyRoute(ctx), this.encode(m));
    } catch (e) {
      this.log('debug', `could not send a TCAP ${m.kind} reply: ${(e as Error).message}`);
    }
  }

  private encode(m: OutTcap): Uint8Array {
    try {
      return encodeTcap(this.writer, m);
    } catch (e) {
      throw new SigtranError('encode', `cannot encode the TCAP ${m.kind}: ${(e as Error).message}`);
    }
  }

  released(d: DialogueImpl): void {
    this.transactions.release(d);
  }

  deadlines(ms: number): DeadlineList {
    let l = this.deadlineLists.get(ms);
    if (!l) {
      // durations come from the runs: forget the lists nobody waits in before keeping more than a few
      if (this.deadlineLists.size >= DEADLINE_LISTS) for (const [k, v] of this.deadlineLists) if (v.size === 0) this.deadlineLists.delete(k);
      this.deadlineLists.set(ms, (l = new DeadlineList(ms)));
    }
    return l;
  }

  ready(d: DialogueImpl, w: MessageWaiter, v: TcapMessage | SigtranError): void {
    this.readyWaits.push(d, w, v);
    if (!this.readyQueued) {
      this.readyQueued = true;
      queueMicrotask(this.dispatchReady);
    }
  }

  private readonly dispatchReady = (): void => {
    this.readyQueued = false;
    const list = this.readyWaits;
    this.readyWaits = [];
    for (let i = 0; i < list.length; i += 3) {
      const w = list[i + 1] as MessageWaiter;
      const v = list[i + 2] as TcapMessage | SigtranError;
      try {
        // a waiter must not throw; if one does, it is logged
        if (v instanceof SigtranError) w.onFailure(v);
        else w.onMessage(v);
      } catch (e) {
        this.log('error', `a receive's waiter on TCAP dialogue ${(list[i] as DialogueImpl).localTidHex} threw: ${String(e)}`);
      }
    }
  };

  // ---- inbound (SccpUser, InboundHost) ----

  /** A TCAP message SCCP received. Never throws. */
  unitdata(ctx: InboundContext, data: Uint8Array): void {
    let dec: DecodedTcap;
    try {
      dec = decodeTcap(data);
    } catch (e) {
      if (e instanceof TcapError) answerBadMessage(this, ctx, e);
      else this.log('error', `TCAP decoding failed unexpectedly: ${String(e)}`);
      return;
    }
    routeInbound(this, ctx, dec);
  }

  notice(ctx: InboundContext, data: Uint8Array, returnCause: number, reason: string): void {
    noticeDialogue(this, ctx, data, returnCause, reason);
  }

  find(tid: Uint8Array): DialogueImpl | undefined {
    return this.transactions.find(tid);
  }

  openInbound(ctx: InboundContext, ac: ApplicationContext | null): DialogueImpl {
    // our side is the Begin's called address; copies of the encoded addresses: the received bytes are a view
    const ends = { local: ctx.called, remote: ctx.calling, localEnc: new Uint8Array(ctx.calledRaw), remoteEnc: new Uint8Array(ctx.callingRaw), opc: ctx.dpc, dpc: ctx.opc };
    return this.create({ state: 'received', ac, ends });
  }

  takeBegin(m: TcapMessage): void {
    this.begins.take(m);
  }

  // ---- the gateway's API for inbound Begins ----

  acceptBegin(criterion: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage> {
    return this.begins.acceptBegin(criterion, opts);
  }

  listen(criterion: BeginCriterion): BeginListener {
    return this.begins.listen(criterion);
  }

  addRouter(router: BeginRouter): void {
    this.begins.registrations.addRouter(router);
  }

  register(key: string, opts?: RegisterOptions): BeginListener {
    return this.begins.registrations.register(key, opts);
  }

  // ---- the end ----

  /** End every dialogue past idle as a local P-Abort (gateway stopped, or association lost with no other one). */
  failAll(reason: string): void {
    this.failWhere(reason, () => true);
  }

  /** End the dialogues past idle that `which` picks as a local P-Abort (an ERR, NTFY or DUNA about their traffic). */
  failWhere(reason: string, which: (d: DialogueImpl) => boolean): number {
    let n = 0;
    for (const d of this.transactions.values()) {
      if (d.state === 'idle' || !which(d)) continue;
      abortLocally(d, reason);
      n++;
    }
    return n;
  }

  stop(): void {
    this.begins.stop();
  }
}
