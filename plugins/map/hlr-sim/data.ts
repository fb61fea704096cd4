// What the hlr-sim HLR says about a subscriber, built from its script (subscription.ts) in the codec's flattened
// field form: the InsertSubscriberData argument, SS-Info / Ext-SS-Info of a supplementary service, and the parts of
// an AnyTimeSubscriptionInterrogation result.
import type { Subscriber } from './script.js';
import type { SsState } from './subscription.js';

type Obj = Record<string, unknown>;

/** A decoded ENUMERATED (its number; the name when given as one). */
export const isEnum = (v: unknown, name: string, value: number): boolean => v === value || v === name;

/** SS-Status (TS 24.080): provisioned (P, 0x04), registered (R, 0x02), active (A, 0x01). */
export const ssStatus = (s: SsState): string => (0x04 | (s.registered ? 0x02 : 0) | (s.active ? 0x01 : 0)).toString(16).padStart(2, '0');

const isForwarding = (code: string) => code.startsWith('2');
const isBarring = (code: string) => code.startsWith('9');

/** SS-Info (SS operations' result) and Ext-SS-Info (ISD's provisionedSS) share the shape the codec names. */
export function ssInfo(code: string, s: SsState): Obj {
  const status = ssStatus(s);
  if (isForwarding(code)) return { forwardingInfo: { 'ss-Code': code, forwardingFeatureList: [{ 'ss-Status': status, ...(s.forwarded_to && s.registered ? { forwardedToNumber_digits: s.forwarded_to } : {}) }] } };
  if (isBarring(code)) return { callBarringInfo: { 'ss-Code': code, callBarringFeatureList: [{ 'ss-Status': status }] } };
  return { 'ss-Data': { 'ss-Code': code, 'ss-Status': status } };
}

/** InterrogateSS-Res: the forwarding feature list of a registered forwarding, else the SS-Status. */
export function interrogation(code: string, s: SsState): Obj {
  if (isForwarding(code) && s.registered && s.forwarded_to) return { forwardingFeatureList: [{ 'ss-Status': ssStatus(s), forwardedToNumber_digits: s.forwarded_to }] };
  return { 'ss-Status': ssStatus(s) };
}

function oCsi(s: Subscriber, withState: boolean): Obj | undefined {
  const c = s.profile?.o_csi;
  if (!c) return undefined;
  return {
    'o-BcsmCamelTDPDataList': [{ 'o-BcsmTriggerDetectionPoint': 'collectedInfo', serviceKey: c.service_key, 'gsmSCF-Address_digits': c.scf, defaultCallHandling: 'continueCall' }],
    camelCapabilityHandling: 2,
    ...(withState && c.active ? { csiActive: 1 } : {}),
  };
}

/** InsertSubscriberData in an UpdateLocation dialogue: MSISDN, category, services, SS, ODB and an active O-CSI. */
export function insertSubscriberData(s: Subscriber): Obj {
  const p = s.profile;
  const ss = Object.entries(s.ss ?? {});
  const csi = p?.o_csi?.active ? oCsi(s, false) : undefined;
  return {
    msisdn_digits: s.msisdn,
    category: p?.category ?? '0a',
    subscriberStatus: p?.odb ? 'operatorDeterminedBarring' : 'serviceGranted',
    ...(p?.bearer_services.length ? { bearerServiceList: p.bearer_services } : {}),
    teleserviceList: p?.teleservices ?? ['11', '21', '22'],
    ...(ss.length ? { provisionedSS: ss.map(([code, st]) => ssInfo(code, st)) } : {}),
    ...(p?.odb ? { 'odb-Data': { 'odb-GeneralData': p.odb } } : {}),
    ...(csi ? { vlrCamelSubscriptionInfo: { 'o-CSI': csi } } : {}),
  };
}

/** APN (TS 23.003 §9.1): each label preceded by its length. */
const apnOctets = (apn: string): string => apn.split('.').map((l) => l.length.toString(16).padStart(2, '0') + Buffer.from(l, 'ascii').toString('hex')).join('');

const DEFAULT_PDP = [{ id: 1, pdp_type: 'f121', qos: '0b921f', apn: 'internet' }];

/** InsertSubscriberData towards an SGSN (UpdateGprsLocation): MSISDN, network access mode and the PDP contexts. */
export function gprsInsertSubscriberData(s: Subscriber): Obj {
  return {
    msisdn_digits: s.msisdn,
    category: s.profile?.category ?? '0a',
    subscriberStatus: s.profile?.odb ? 'operatorDeterminedBarring' : 'serviceGranted',
    gprsSubscriptionData: {
      completeDataListIncluded: 1,
      gprsDataList: (s.gprs ?? DEFAULT_PDP).map((c) => ({ 'pdp-ContextId': c.id, 'pdp-Type': c.pdp_type, 'qos-Subscribed': c.qos, apn: apnOctets(c.apn) })),
    },
    networkAccessMode: 'packetAndCircuit',
  };
}

/** The CAMEL subscription a gsmSCF sees (ATSI / ATM results): the O-CSI with its state. */
export function camelSubscriptionInfo(s: Subscriber): Obj | undefined {
  const c = oCsi(s, true);
  return c ? { 'o-CSI': c } : undefined;
}

/** AnyTimeSubscriptionInterrogation result for what `req` (RequestedSubscriptionInfo) asks. */
export function subscriptionInfo(s: Subscriber, req: Obj): Obj {
  const out: Obj = {};
  const ssReq = req['requestedSS-Info'] as Obj | undefined;
  const code = typeof ssReq?.['ss-Code'] === 'string' ? ssReq['ss-Code'].toLowerCase() : undefined;
  const st = code ? s.ss?.[code] : undefined;
  if (code && st && isForwarding(code)) out.callForwardingData = { forwardingFeatureList: [{ 'ss-Status': ssStatus(st), ...(st.forwarded_to && st.registered ? { forwardedToNumber_digits: st.forwarded_to } : {}) }] };
  if (code && st && isBarring(code)) out.callBarringData = { callBarringFeatureList: [{ 'ss-Status': ssStatus(st) }] };
  if (req.odb !== undefined && s.profile?.odb) out['odb-Info'] = { 'odb-Data': { 'odb-GeneralData': s.profile.odb } };
  if (isEnum(req['requestedCAMEL-SubscriptionInfo'], 'o-CSI', 0)) {
    const c = camelSubscriptionInfo(s);
    if (c) out['camel-SubscriptionInfo'] = c;
  }
  return out;
}
