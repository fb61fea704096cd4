// The MAP application contexts (TS 29.002 §17.3.3, 0.4.0.0.1.0.<arc>.<version>): the aliases an `hlr_ac` or
// `tcap_ac` value may use — `<context>_v<n>` and short forms (`ati3`, `ati_v3`) — registered with sigtran's resolver
// when this module loads, and the context name and version of a dialogue's AC.
import { registerContexts, type ApplicationContext, type ContextRow } from '../sigtran/api.js';

/** [TS 29.002 name, application-context arc, versions, short aliases (suffixed with the version)]. */
const MAP_CONTEXTS: ReadonlyArray<[string, number, readonly number[], readonly string[]]> = [
  ['networkLocUpContext', 1, [1, 2, 3], ['ul']],
  ['locationCancellationContext', 2, [1, 2, 3], ['cl']],
  ['roamingNumberEnquiryContext', 3, [1, 2, 3], ['prn']],
  ['locationInfoRetrievalContext', 5, [1, 2, 3], ['sri']],
  ['reportingContext', 7, [3], []],
  ['resetContext', 10, [1, 2, 3], ['reset']],
  ['equipmentMngtContext', 13, [1, 2, 3], ['check_imei']],
  ['infoRetrievalContext', 14, [1, 2, 3], ['sai']],
  ['subscriberDataMngtContext', 16, [1, 2, 3], ['isd']],
  ['tracingContext', 17, [1, 2, 3], []],
  ['networkFunctionalSsContext', 18, [1, 2], ['ss']],
  ['networkUnstructuredSsContext', 19, [2], ['ussd']],
  ['shortMsgGatewayContext', 20, [1, 2, 3], ['sri_sm']],
  ['shortMsgMO-RelayContext', 21, [1, 2, 3], ['mo_sms']],
  ['shortMsgAlertContext', 23, [1, 2], ['alert_sc']],
  ['mwdMngtContext', 24, [1, 2, 3], []],
  ['shortMsgMT-RelayContext', 25, [2, 3], ['mt_sms']],
  ['imsiRetrievalContext', 26, [2], ['send_imsi']],
  ['msPurgingContext', 27, [2, 3], ['purge']],
  ['subscriberDataModificationNotificationContext', 22, [3], ['nsdm']],
  ['subscriberInfoEnquiryContext', 28, [3], ['psi']],
  ['anyTimeInfoEnquiryContext', 29, [3], ['ati']],
  ['gprsLocationUpdateContext', 32, [3], ['gprs_ul']],
  ['gprsLocationInfoRetrievalContext', 33, [3, 4], []],
  ['failureReportContext', 34, [3], []],
  ['authenticationFailureReportContext', 39, [3], []],
  ['anyTimeInfoHandlingContext', 43, [3], ['atsi']],
];

/** A context of the table in one version. */
export interface MapContext {
  readonly context: string;
  readonly version: number;
}

/** The rows registered with the resolver: every context in every version, with its aliases. */
export const MAP_CONTEXT_ROWS: ContextRow[] = [];
const BY_OID = new Map<string, MapContext>();
for (const [context, arc, versions, shorts] of MAP_CONTEXTS) {
  for (const version of versions) {
    const oid = `0.4.0.0.1.0.${arc}.${version}`;
    MAP_CONTEXT_ROWS.push({ oid, names: [...shorts.map((s) => `${s}${version}`), ...shorts.map((s) => `${s}_v${version}`), `${context}_v${version}`], family: 'map', version });
    BY_OID.set(oid, Object.freeze({ context, version }));
  }
}
registerContexts(MAP_CONTEXT_ROWS);

/** TS 29.002 name and version of a MAP application context; undefined for another AC or none. */
export function contextOf(ac: ApplicationContext | null | undefined): MapContext | undefined {
  return ac ? BY_OID.get(ac.oid) : undefined;
}
