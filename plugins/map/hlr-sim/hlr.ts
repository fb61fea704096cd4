// The hlr-sim HLR's subscriber-data operations (engine.ts routes them here): location updating with the profile
// inserted into the VLR (UpdateLocation → InsertSubscriberData in the same dialogue → the result), authentication
// vectors, purging, the SMSC's delivery report, the supplementary services against the subscriber's SS states and
// the gsmSCF's subscription interrogation and modification — and the EIR's CheckIMEI. Unknown subscribers get the
// script's unknown_error.
import type { Dialogue, TcapMessage } from '../../sigtran/api.js';
import type { MapOperation } from '../catalogue.js';
import { decodeMapDialogue } from '../codec/dialogue.js';
import { camelSubscriptionInfo, interrogation, isEnum, ssInfo, subscriptionInfo } from './data.js';
import { restoreData, updateGprsLocation, updateLocation } from './location.js';
import type { HlrNetwork } from './network.js';
import type { HlrSimScript, Subscriber } from './script.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the engine lends the HLR: the table and its way of answering (counted in its statistics). */
export interface Answering {
  readonly script: HlrSimScript;
  readonly timeoutMs: number;
  /** The HLR's own Begins (CancelLocation, AlertServiceCentre). */
  readonly network: HlrNetwork;
  subscriber(msisdn: unknown, imsi: unknown): Subscriber | undefined;
  answer(d: Dialogue, op: MapOperation, version: number, invokeId: number, fields: Obj | undefined, end?: boolean): void;
  refuse(d: Dialogue, invokeId: number, code: number): void;
}

/** The opening invoke of a Begin, decoded. */
export interface Opening { m: TcapMessage; op: MapOperation; version: number; invokeId: number; arg: Obj }

const ERR = { dataMissing: 35, illegalSsOperation: 16, ssNotAvailable: 18 } as const;
const SS_NAMES = new Set(['RegisterSS', 'EraseSS', 'ActivateSS', 'DeactivateSS', 'InterrogateSS']);

/** Whether `name` is one of the operations this file answers. */
export const isHlrOperation = (name: string) =>
  SS_NAMES.has(name) || HLR_NAMES.has(name);
const HLR_NAMES = new Set(['CheckIMEI', 'UpdateLocation', 'UpdateGprsLocation', 'RestoreData', 'SendIMSI', 'SendAuthenticationInfo', 'PurgeMS', 'ReportSMDeliveryStatus',
  'ReadyForSM', 'AnyTimeSubscriptionInterrogation', 'AnyTimeModification']);

export async function answerHlr(a: Answering, o: Opening): Promise<void> {
  const d = o.m.dialogue;
  const { arg } = o;
  if (SS_NAMES.has(o.op.name)) return supplementaryService(a, o);
  if (o.op.name === 'CheckIMEI') return a.answer(d, o.op, o.version, o.invokeId, { equipmentStatus: a.script.equipment[String(arg.imei_digits)] ?? 'whiteListed' });
  const s = a.subscriber(arg.msisdn_digits, arg.imsi_digits);
  if (!s) return a.refuse(d, o.invokeId, a.script.unknown_error);
  switch (o.op.name) {
    case 'UpdateLocation':
      return updateLocation(a, o, s);
    case 'UpdateGprsLocation':
      return updateGprsLocation(a, o, s);
    case 'RestoreData':
      return restoreData(a, o, s);
    case 'SendIMSI':
      return a.answer(d, o.op, o.version, o.invokeId, { imsi_digits: s.imsi });
    case 'SendAuthenticationInfo':
      return a.answer(d, o.op, o.version, o.invokeId, authenticationInfo(s, o.version, arg.numberOfRequestedVectors));
    case 'PurgeMS':
      s.state = 'msPurged';
      return a.answer(d, o.op, o.version, o.invokeId, o.version >= 3 ? { freezeTMSI: 1 } : undefined);
    case 'ReportSMDeliveryStatus':
      recordDeliveryOutcome(s, arg);
      return a.answer(d, o.op, o.version, o.invokeId, o.version >= 2 ? { storedMSISDN_digits: s.msisdn } : undefined);
    case 'ReadyForSM':
      if (NOT_REACHABLE.includes(s.state)) s.state = 'assumedIdle';
      a.answer(d, o.op, o.version, o.invokeId, o.version >= 3 ? {} : undefined);
      return a.network.alertServiceCentres(s);
    case 'AnyTimeSubscriptionInterrogation':
      return a.answer(d, o.op, o.version, o.invokeId, subscriptionInfo(s, isObj(arg.requestedSubscriptionInfo) ? arg.requestedSubscriptionInfo : {}));
    default:
      return anyTimeModification(a, o, s);
  }
}

const NOT_REACHABLE = ['msPurged', 'imsiDetached', 'notRegistered', 'restrictedArea'];

/** The message waiting data (TS 23.040 §3.2.6): a failed delivery puts the service centre in it (v1 has no outcome:
 *  failed), a successful transfer takes it out. */
function recordDeliveryOutcome(s: Subscriber, arg: Obj): void {
  const sc = arg.serviceCentreAddress_digits;
  if (typeof sc !== 'string') return;
  const mwd = (s.mwd ?? []).filter((x) => x !== sc);
  s.mwd = isEnum(arg['sm-DeliveryOutcome'], 'successfulTransfer', 2) ? mwd : [...mwd, sc];
}

/** v3: quintuplets when the script has them, else triplets; v2: triplets. At most numberOfRequestedVectors. */
function authenticationInfo(s: Subscriber, version: number, requested: unknown): Obj {
  const n = typeof requested === 'number' && requested > 0 ? requested : 5;
  const t = (s.auth?.triplets ?? []).slice(0, n);
  const q = (s.auth?.quintuplets ?? []).slice(0, n);
  if (version < 3) return { authenticationSets: t };
  if (q.length) return { authenticationSetList: { quintupletList: q } };
  return t.length ? { authenticationSetList: { tripletList: t } } : {};
}

/** Register/Erase/Activate/Deactivate/InterrogateSS for the subscriber the MAP-OPEN's destination reference (IMSI)
 *  names (origination reference: MSISDN, as a fallback). */
function supplementaryService(a: Answering, o: Opening): void {
  const d = o.m.dialogue;
  const open = (o.m.dialoguePdu?.type === 'aarq' ? decodeMapDialogue(o.m.dialoguePdu.userInformation) : undefined)?.map_open;
  const ref = isObj(open) ? open : {};
  const s = a.subscriber(ref.origination_reference_digits, ref.destination_reference_digits);
  if (!s) return a.refuse(d, o.invokeId, isObj(open) ? a.script.unknown_error : ERR.dataMissing);
  const code = String(o.arg['ss-Code'] ?? '').toLowerCase();
  const st = s.ss?.[code];
  if (!st) return a.refuse(d, o.invokeId, o.op.name === 'InterrogateSS' ? ERR.ssNotAvailable : ERR.illegalSsOperation);
  switch (o.op.name) {
    case 'RegisterSS':
      st.registered = true;
      st.active = true;
      if (typeof o.arg.forwardedToNumber_digits === 'string') st.forwarded_to = o.arg.forwardedToNumber_digits;
      break;
    case 'EraseSS':
      st.registered = false;
      st.active = false;
      delete st.forwarded_to;
      break;
    case 'ActivateSS':
    case 'DeactivateSS':
      st.active = o.op.name === 'ActivateSS';
      break;
    default:
      return a.answer(d, o.op, o.version, o.invokeId, interrogation(code, st));
  }
  a.answer(d, o.op, o.version, o.invokeId, ssInfo(code, st));
}

/** The gsmSCF activates or deactivates the O-CSI (modificationRequestFor-CSI); the result shows the new state. */
function anyTimeModification(a: Answering, o: Opening, s: Subscriber): void {
  const m = o.arg['modificationRequestFor-CSI'];
  const c = s.profile?.o_csi;
  if (isObj(m) && isEnum(m['requestedCamel-SubscriptionInfo'], 'o-CSI', 0) && c && m['modifyCSI-State'] !== undefined) c.active = isEnum(m['modifyCSI-State'], 'activate', 1);
  const info = camelSubscriptionInfo(s);
  a.answer(o.m.dialogue, o.op, o.version, o.invokeId, isObj(m) && info ? { 'camel-SubscriptionInfo': info } : {});
}
