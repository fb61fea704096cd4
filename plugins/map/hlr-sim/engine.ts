// The hlr-sim engine: answers every Begin that opens with a MAP operation of the catalogue, from the subscriber
// table of its script — ATI and SRI (as the HLR), SRI-SM (the HLR towards an SMSC), the subscriber-data operations
// of hlr.ts (UpdateLocation, UpdateGprsLocation and RestoreData with InsertSubscriberData, SendIMSI,
// SendAuthenticationInfo, PurgeMS, ReportSM-DeliveryStatus, ReadyForSM, the SS operations, ATSI/ATM) with the HLR's
// own CancelLocation and AlertServiceCentre (network.ts), PSI (as the VLR),
// MT-ForwardSM (as the MSC), MO-ForwardSM (as the SMSC) — and plays the gsmSCF's USSD menu: a
// ProcessUnstructuredSS-Request gets the menu in an UnstructuredSS-Request, the choice decides the final text of
// the PUSSR result. A network-initiated UnstructuredSS-Request / -Notify is answered as the subscriber's handset.
import { delayMs, simulatorRandom } from '../../../sdk/index.js';
import type { Dialogue, SigtranGateway, TcapMessage } from '../../sigtran/api.js';
import { serveBegins } from '../../sigtran/gateway/simulator.js';
import { mapOperation, operationOf, type MapOperation } from '../catalogue.js';
import { decodeMessage, encodeMessage } from '../codec/message.js';
import { mapRouter, openingInvoke, openingOperation } from '../runtime/register.js';
import { answerHlr, isHlrOperation, type Answering } from './hlr.js';
import { HlrNetwork, type NetworkStats } from './network.js';
import type { HlrSimScript, Subscriber } from './script.js';
import { pickOutcome } from './mix.js';

interface HlrSimStats extends NetworkStats {
  begins: number;
  answered: number;
  errors: number;
  ussd_sessions: number;
  sms_delivered: number;
  failed: number;
  active: number;
  /** Dialogues per outcome of a responder mix, as `Operation/outcome`. */
  outcomes: Record<string, number>;
  /** The last short message delivered (MT) or submitted (MO): text and addresses. */
  last_sms?: { text: unknown; from: unknown; to: unknown };
}

export interface HlrSim {
  readonly stats: HlrSimStats;
  stop(): void;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const NOT_REACHABLE = new Set(['msPurged', 'imsiDetached', 'restrictedArea', 'notRegistered']);
const ERR = { absentSubscriber: 27, absentSubscriberSM: 6, unidentifiedSubscriber: 5, facilityNotSupported: 21, systemFailure: 34 } as const;

/** SubscriberInfo of a subscriber for the requested parts (all when nothing is requested). */
function subscriberInfo(s: Subscriber, requested: unknown): Obj {
  const want = (k: string) => !isObj(requested) || Object.keys(requested).length === 0 || requested[k] !== undefined;
  const info: Obj = {};
  if (want('locationInformation')) {
    info.locationInformation = {
      ageOfLocationInformation: s.age,
      'vlr-number_digits': s.vlr,
      ...(s.cell ? { cellGlobalIdOrServiceAreaIdOrLAI: { cellGlobalIdOrServiceAreaIdFixedLength_mcc: s.cell.mcc, cellGlobalIdOrServiceAreaIdFixedLength_mnc: s.cell.mnc, cellGlobalIdOrServiceAreaIdFixedLength_lac: s.cell.lac, cellGlobalIdOrServiceAreaIdFixedLength_ci: s.cell.ci } } : {}),
    };
  }
  if (want('subscriberState')) info.subscriberState = NOT_REACHABLE.has(s.state) ? { netDetNotReachable: s.state } : { [s.state]: 1 };
  return info;
}

/** The subscriber table and USSD menu played on one gateway, with statistics. */
class HlrSimulator implements Answering {
  readonly stats: HlrSimStats = { begins: 0, answered: 0, errors: 0, ussd_sessions: 0, sms_delivered: 0, failed: 0, active: 0, cancels: 0, alerts: 0, originate_failed: 0, outcomes: {} };
  readonly network: HlrNetwork;
  private readonly byMsisdn: Map<string, Subscriber>;
  private readonly byImsi: Map<string, Subscriber>;

  constructor(
    readonly script: HlrSimScript,
    readonly timeoutMs: number,
    private readonly log: (t: string) => void,
    gw: SigtranGateway,
    private readonly random: () => number,
  ) {
    this.network = new HlrNetwork(gw, timeoutMs, log, this.stats);
    this.byMsisdn = new Map(script.subscribers.map((s) => [s.msisdn, s] as const));
    this.byImsi = new Map(script.subscribers.map((s) => [s.imsi, s] as const));
  }

  /** A dialogue-opening Begin, counted while it is handled; a failure is counted, logged and closes the dialogue. */
  serve(m: TcapMessage): void {
    this.stats.begins++;
    this.stats.active++;
    this.handle(m)
      .catch((e) => {
        this.stats.failed++;
        this.log(`hlr-sim: ${(e as Error).message}`);
        if (m.dialogue.state !== 'ended') m.dialogue.close();
      })
      .finally(() => this.stats.active--);
  }

  subscriber(msisdn: unknown, imsi: unknown): Subscriber | undefined {
    return (typeof msisdn === 'string' ? this.byMsisdn.get(msisdn) : undefined) ?? (typeof imsi === 'string' ? this.byImsi.get(imsi) : undefined);
  }

  answer(d: Dialogue, op: MapOperation, version: number, invokeId: number, fields: Obj | undefined, end = true): void {
    const v = op.versions[version]!;
    const result = fields ? encodeMessage(op, 'result', version, fields) : undefined;
    d.returnResult({ invokeId, opcode: result ? v.opcode : undefined, result });
    if (end) d.end();
    else d.send();
    this.stats.answered++;
  }

  refuse(d: Dialogue, invokeId: number, code: number): void {
    d.returnError({ invokeId, errorCode: code });
    d.end();
    this.stats.errors++;
  }

  /**
   * The responder mix and the answer delay of this dialogue: true when it is answered as the table says; an error,
   * an abort or silence the mix chose is played here (false).
   */
  private async mixed(d: Dialogue, op: string, invokeId: number): Promise<boolean> {
    const { mixes } = this.script;
    const picked = pickOutcome(mixes, op, this.random);
    if (picked) this.stats.outcomes[picked[1]] = (this.stats.outcomes[picked[1]] ?? 0) + 1;
    const out = picked?.[0];
    if (out && 'silence' in out) {
      d.release();
      return false;
    }
    if (mixes.delay !== undefined) await new Promise((r) => setTimeout(r, delayMs(mixes.delay!, this.random)));
    if (!out || 'answer' in out) return true;
    if ('error' in out) this.refuse(d, invokeId, out.error);
    else d.abort();
    return false;
  }

  private async handle(m: TcapMessage): Promise<void> {
    const o = openingInvoke(m);
    const c = m.components[0]!;
    if (!o || c.type !== 'invoke') return;
    const { op, version, fields: arg } = o;
    const d = m.dialogue;
    const unknown = this.script.unknown_error;
    if (!(await this.mixed(d, op.name, c.invokeId))) return;
    if (isHlrOperation(op.name)) return answerHlr(this, { m, op, version, invokeId: c.invokeId, arg });
    switch (op.name) {
      case 'AnyTimeInterrogation':
      case 'ProvideSubscriberInfo': {
        const s = this.subscriber(arg.msisdn_digits, arg.imsi_digits);
        if (!s) return this.refuse(d, c.invokeId, unknown);
        return this.answer(d, op, version, c.invokeId, { subscriberInfo: subscriberInfo(s, arg.requestedInfo) });
      }
      case 'SendRoutingInfo': {
        const s = this.subscriber(arg.msisdn_digits, undefined);
        if (!s) return this.refuse(d, c.invokeId, unknown);
        if (NOT_REACHABLE.has(s.state)) return this.refuse(d, c.invokeId, ERR.absentSubscriber);
        return this.answer(d, op, version, c.invokeId, { imsi_digits: s.imsi, ...(s.roaming_number ? { roamingNumber_digits: s.roaming_number } : {}), ...(version >= 3 ? { subscriberInfo: subscriberInfo(s, { subscriberState: 1 }) } : {}) });
      }
      case 'SendRoutingInfoForSM': {
        const s = this.subscriber(arg.msisdn_digits, undefined);
        if (!s) return this.refuse(d, c.invokeId, unknown);
        if (NOT_REACHABLE.has(s.state)) return this.refuse(d, c.invokeId, ERR.absentSubscriberSM);
        return this.answer(d, op, version, c.invokeId, { imsi_digits: s.imsi, locationInfoWithLMSI: { 'networkNode-Number_digits': s.vlr } });
      }
      case 'MtForwardSM':
      case 'MoForwardSM':
        return this.forwardSm(d, op, version, c.invokeId, arg);
      case 'ProcessUnstructuredSSRequest':
        return this.ussdMenu(m, op, version, c.invokeId, arg);
      case 'UnstructuredSSRequest':
      case 'UnstructuredSSNotify':
        return this.handset(d, m);
      default:
        return this.refuse(d, c.invokeId, ERR.facilityNotSupported);
    }
  }

  /** MT-ForwardSM (as the MSC: to a subscriber of the table that is reachable) and MO-ForwardSM (as the SMSC). */
  private forwardSm(d: Dialogue, op: MapOperation, version: number, invokeId: number, arg: Obj): void {
    const da = isObj(arg['sm-RP-DA']) ? arg['sm-RP-DA'] : {};
    const oa = isObj(arg['sm-RP-OA']) ? arg['sm-RP-OA'] : {};
    const tpdu = isObj(arg['sm-RP-UI_tpdu']) ? arg['sm-RP-UI_tpdu'] : {};
    if (op.name === 'MtForwardSM') {
      const s = this.subscriber(undefined, da.imsi_digits);
      if (!s) return this.refuse(d, invokeId, ERR.unidentifiedSubscriber);
      if (NOT_REACHABLE.has(s.state)) return this.refuse(d, invokeId, ERR.absentSubscriberSM);
    }
    this.stats.sms_delivered++;
    this.stats.last_sms = { text: tpdu.text ?? null, from: tpdu.oa_digits ?? tpdu.oa_text ?? oa.msisdn_digits ?? oa.serviceCentreAddressOA_digits ?? null, to: tpdu.da_digits ?? da.imsi_digits ?? da.serviceCentreAddressDA_digits ?? null };
    return this.answer(d, op, version, invokeId, op.versions[version]!.res ? {} : undefined);
  }

  /** The gsmSCF's menu: a ProcessUnstructuredSS-Request gets it in an UnstructuredSS-Request; the choice decides the
   *  final text of the PUSSR result. A service code not served is answered at once. */
  private async ussdMenu(m: TcapMessage, op: MapOperation, version: number, invokeId: number, arg: Obj): Promise<void> {
    const d = m.dialogue;
    const u = this.script.ussd;
    const code = String(arg.ussdString_text ?? '');
    if (u.service_codes && !u.service_codes.includes(code)) {
      this.answer(d, op, version, invokeId, { ussdString_text: u.unknown_code ?? `Unknown service code ${code}` });
      return;
    }
    this.stats.ussd_sessions++;
    const ussr = mapOperation('UnstructuredSSRequest')!;
    const id = d.invoke({ opcode: ussr.versions[2]!.opcode, argument: encodeMessage(ussr, 'invoke', 2, { ussdString_text: u.menu }) });
    d.send();
    const reply = await d.receive({ timeoutMs: this.timeoutMs });
    const c = reply.components[0];
    if (reply.kind !== 'continue' || c?.type !== 'returnResult' || c.invokeId !== id) {
      this.stats.failed++;
      this.log(`hlr-sim: USSD menu: expected the UnstructuredSS-Request result, got TCAP ${reply.kind}${c ? ` with ${c.type}` : ''}`);
      if (d.state !== 'ended') d.abort();
      return;
    }
    const choice = String(decodeMessage(ussr, 'result', 2, c.result).fields.ussdString_text ?? '').trim();
    this.answer(d, op, version, invokeId, { ussdString_text: u.replies[choice] ?? u.default });
  }

  /** The subscriber's handset in a network-initiated USSD dialogue: answers every UnstructuredSS-Request (with the
   *  script's answer) and -Notify, message after message, until the gsmSCF ends the dialogue. */
  private async handset(d: Dialogue, first: TcapMessage): Promise<void> {
    for (let m = first; ; m = await d.receive({ timeoutMs: this.timeoutMs })) {
      for (const c of m.components) {
        if (c.type !== 'invoke' || typeof c.opcode !== 'number') continue;
        const op = operationOf(c.opcode, 'networkUnstructuredSsContext', 2);
        if (op?.name === 'UnstructuredSSRequest') d.returnResult({ invokeId: c.invokeId, opcode: c.opcode, result: encodeMessage(op, 'result', 2, { ussdString_text: this.script.ussd.answer }) });
        else if (op?.name === 'UnstructuredSSNotify') d.returnResult({ invokeId: c.invokeId });
        else d.returnError({ invokeId: c.invokeId, errorCode: ERR.facilityNotSupported });
        this.stats.answered++;
      }
      if (m.kind === 'end' || m.kind === 'u-abort' || m.kind === 'p-abort' || m.kind === 'notice' || d.state === 'ended') return;
      if (d.pendingComponents) d.send();
    }
  }
}

export function startHlrSim(gw: SigtranGateway, script: HlrSimScript, opts: { timeoutMs?: number; log?: (t: string) => void; seed?: number } = {}): HlrSim {
  const log = opts.log ?? (() => {});
  const sim = new HlrSimulator(script, opts.timeoutMs ?? 10_000, log, gw, simulatorRandom(opts.seed));
  gw.addRouter(mapRouter);
  const loop = serveBegins(gw.listen({ filter: (m) => openingOperation(m) !== undefined }), (m) => sim.serve(m), (text) => log(`hlr-sim: listener: ${text}`));
  return { stats: sim.stats, stop: () => loop.stop() };
}
