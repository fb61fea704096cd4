// MAP-ER-DataTypes (TS 29.002 §17.7.7): the parameters of the errors that carry one (by error name); the others
// are given and reported as hex.
import { INT, NULL, OCT, choice, enm, f, o, seq, type ArgType } from '../../../sigtran/codec/index.js';
import { EXT, IMSI, U } from './common.js';

const extOnly = seq(o('extensionContainer', U, EXT));
/** NetworkResource (MAP-CommonDataTypes): where a failure is, also ResetArg v1's sender. */
export const NetworkResource = enm({ 0: 'plmn', 1: 'hlr', 2: 'vlr', 3: 'pvlr', 4: 'controllingMSC', 5: 'vmsc', 6: 'eir', 7: 'rss' });
const CallBarringCause = enm({ 0: 'barringServiceActive', 1: 'operatorBarring' });

/** Parameter types of the errors that carry one (by error name); the others are given and reported as hex. */
export const ERROR_PARAMS: Readonly<Record<string, ArgType>> = {
  unknownSubscriber: { ty: seq(o('extensionContainer', U, EXT), o('unknownSubscriberDiagnostic', U, enm({ 0: 'imsiUnknown', 1: 'gprs-eps-SubscriptionUnknown', 2: 'npdbMismatch' }))) },
  unidentifiedSubscriber: { ty: extOnly },
  absentSubscriberSM: {
    ty: seq(o('absentSubscriberDiagnosticSM', U, INT), o('extensionContainer', U, EXT), o('additionalAbsentSubscriberDiagnosticSM', 0, INT), o('imsi', 1, IMSI),
      o('requestedRetransmissionTime', 2, OCT), o('userIdentifierAlert', 3, IMSI)),
  },
  roamingNotAllowed: { ty: seq(f('roamingNotAllowedCause', U, enm({ 0: 'plmnRoamingNotAllowed', 3: 'operatorDeterminedBarring' })), o('extensionContainer', U, EXT)) },
  illegalSubscriber: { ty: extOnly },
  bearerServiceNotProvisioned: { ty: extOnly },
  teleserviceNotProvisioned: { ty: extOnly },
  illegalEquipment: { ty: extOnly },
  callBarred: {
    ty: choice(f('callBarringCause', U, CallBarringCause), f('extensibleCallBarredParam', U, seq(o('callBarringCause', U, CallBarringCause), o('extensionContainer', U, EXT),
      o('unauthorisedMessageOriginator', 1, NULL), o('anonymousCallRejection', 2, NULL)))),
  },
  'illegalSS-Operation': { ty: extOnly },
  'ss-NotAvailable': { ty: extOnly },
  facilityNotSupported: { ty: seq(o('extensionContainer', U, EXT), o('shapeOfLocationEstimateNotSupported', 0, NULL), o('neededLcsCapabilityNotSupportedInServingNode', 1, NULL)) },
  absentSubscriber: { ty: seq(o('extensionContainer', U, EXT), o('absentSubscriberReason', 0, enm({ 0: 'imsiDetach', 1: 'restrictedArea', 2: 'noPageResponse', 3: 'purgedMS', 4: 'mtRoamingRetry', 5: 'busySubscriber' }))) },
  'subscriberBusyForMT-SMS': { ty: seq(o('extensionContainer', U, EXT), o('gprsConnectionSuspended', U, NULL)) },
  'sm-DeliveryFailure': {
    ty: seq(f('sm-EnumeratedDeliveryFailureCause', U, enm({ 0: 'memoryCapacityExceeded', 1: 'equipmentProtocolError', 2: 'equipmentNotSM-Equipped', 3: 'unknownServiceCentre', 4: 'sc-Congestion', 5: 'invalidSME-Address', 6: 'subscriberNotSC-Subscriber' })),
      o('diagnosticInfo', U, OCT), o('extensionContainer', U, EXT)),
  },
  messageWaitingListFull: { ty: extOnly },
  systemFailure: {
    ty: choice(f('networkResource', U, NetworkResource), f('extensibleSystemFailureParam', U, seq(o('networkResource', U, NetworkResource), o('extensionContainer', U, EXT),
      o('additionalNetworkResource', 0, enm({ 0: 'sgsn', 1: 'ggsn', 2: 'gmlc', 3: 'gsmSCF', 4: 'nplr', 5: 'auc', 6: 'ue', 7: 'mme' })), o('failureCauseParam', 1, INT)))),
  },
  dataMissing: { ty: extOnly },
  unexpectedDataValue: { ty: seq(o('extensionContainer', U, EXT), o('unexpectedSubscriber', 0, NULL)) },
  busySubscriber: { ty: seq(o('extensionContainer', U, EXT), o('ccbs-Possible', 0, NULL), o('ccbs-Busy', 1, NULL)) },
  'ati-NotAllowed': { ty: extOnly },
  'atsi-NotAllowed': { ty: extOnly },
  'atm-NotAllowed': { ty: extOnly },
  informationNotAvailable: { ty: extOnly },
  noRoamingNumberAvailable: { ty: extOnly },
  'or-NotAllowed': { ty: extOnly },
  'ss-SubscriptionViolation': { ty: extOnly },
  /** SS-Status (TS 24.080 §4.4.2.8) bare, as MAP v2 sends it. */
  'ss-ErrorStatus': { name: 'ss-Status', ty: OCT },
  resourceLimitation: { ty: extOnly },
};
