// MAP-SM-DataTypes (TS 29.002 §17.7.6): sendRoutingInfoForSM, MO/MT forwardSM (v3) and forwardSM (v1/v2), and the
// delivery chain around them: reportSM-DeliveryStatus, informServiceCentre, alertServiceCentre, readyForSM. The v1
// and v2 forms where they differ follow Wireshark's gsm_old module (GSM 09.02 phase 1 and 2).
import { ANY, BITS, BOOL, INT, NULL, OCT, choice, enm, f, o, seq, size, type ArgType } from '../../../sigtran/codec/index.js';
import { EXT, IMSI, ISDN, LMSI, U } from './common.js';

const SRI_SM_ARG = seq(
  f('msisdn', 0, ISDN), f('sm-RP-PRI', 1, BOOL), f('serviceCentreAddress', 2, ISDN), o('extensionContainer', 6, EXT), o('gprsSupportIndicator', 7, NULL),
  o('sm-RP-MTI', 8, INT), o('sm-RP-SMEA', 9, OCT), o('sm-deliveryNotIntended', 10, enm({ 0: 'onlyIMSI-requested', 1: 'onlyMCC-MNC-requested' })),
  o('ip-sm-gwGuidanceIndicator', 11, NULL), o('imsi', 12, IMSI), o('t4-Trigger-Indicator', 14, NULL), o('singleAttemptDelivery', 13, NULL), o('correlationID', 15, ANY),
);
const AdditionalNumber = choice(f('msc-Number', 0, ISDN), f('sgsn-Number', 1, ISDN));
const LocationInfoWithLMSI = seq(
  f('networkNode-Number', 1, ISDN), o('lmsi', U, LMSI), o('extensionContainer', U, EXT), o('gprsNodeIndicator', 5, NULL), o('additional-Number', 6, AdditionalNumber),
  o('networkNodeDiameterAddress', 7, ANY), o('additionalNetworkNodeDiameterAddress', 8, ANY), o('thirdNumber', 9, AdditionalNumber),
  o('thirdNetworkNodeDiameterAddress', 10, ANY), o('imsNodeIndicator', 11, NULL),
);
const SRI_SM_RES = seq(f('imsi', U, IMSI), f('locationInfoWithLMSI', 0, LocationInfoWithLMSI), o('extensionContainer', 4, EXT), o('ip-sm-gwGuidance', 5, ANY));
const SM_RP_DA = choice(f('imsi', 0, IMSI), f('lmsi', 1, LMSI), f('serviceCentreAddressDA', 4, ISDN), f('noSM-RP-DA', 5, NULL));
const SM_RP_OA = choice(f('msisdn', 2, ISDN), f('serviceCentreAddressOA', 4, ISDN), f('noSM-RP-OA', 5, NULL));
const DeliveryOutcome = enm({ 0: 'memoryCapacityExceeded', 1: 'absentSubscriber', 2: 'successfulTransfer' });
const MO_FSM_ARG = seq(
  f('sm-RP-DA', U, SM_RP_DA), f('sm-RP-OA', U, SM_RP_OA), f('sm-RP-UI', U, OCT), o('extensionContainer', U, EXT), o('imsi', U, IMSI),
  o('correlationID', 0, ANY), o('sm-DeliveryOutcome', 1, DeliveryOutcome),
);
const MT_FSM_ARG = seq(
  f('sm-RP-DA', U, SM_RP_DA), f('sm-RP-OA', U, SM_RP_OA), f('sm-RP-UI', U, OCT), o('moreMessagesToSend', U, NULL), o('extensionContainer', U, EXT),
  o('smDeliveryTimer', U, INT), o('smDeliveryStartTime', U, OCT), o('smsOverIP-OnlyIndicator', 0, NULL), o('correlationID', 1, ANY),
  o('maximumRetransmissionTime', 2, OCT), o('smsGmscAddress', 3, ISDN), o('smsGmscDiameterAddress', 4, ANY),
);
const FSM_RES = seq(o('sm-RP-UI', U, OCT), o('extensionContainer', U, EXT));
/** MAP v1/v2 forwardSM (opcode 46 for both MO and MT; Wireshark's gsm_old ForwardSM-Arg); its result has no parameter. */
const FORWARD_SM_ARG_V2 = seq(f('sm-RP-DA', U, SM_RP_DA), f('sm-RP-OA', U, SM_RP_OA), f('sm-RP-UI', U, OCT), o('moreMessagesToSend', U, NULL));

/** v1 (phase 1): no extension container yet; a CUG interlock and the teleservice instead (gsm_old RoutingInfoForSM-ArgV1). */
const SRI_SM_ARG_V1 = seq(
  f('msisdn', 0, ISDN), f('sm-RP-PRI', 1, BOOL), f('serviceCentreAddress', 2, ISDN), o('cug-Interlock', 3, size(OCT, 4)), o('teleserviceCode', 5, size(OCT, 1)),
);
/** v1: the location is a roaming number [0] or an MSC number [1]; mwd-Set [2] tells the SMSC it was put in the waiting list. */
const SRI_SM_RES_V1 = seq(
  f('imsi', U, IMSI), f('locationInfoWithLMSI', 0, seq(f('locationInfo', U, choice(f('roamingNumber', 0, ISDN), f('msc-Number', 1, ISDN))), o('lmsi', U, LMSI))),
  o('mwd-Set', 2, BOOL),
);

// ---------------------------------------------------------------- the delivery chain
const CorrelationID = seq(o('hlr-id', 0, IMSI), o('sip-uri-A', 1, OCT), f('sip-uri-B', 2, OCT));
const RSDS_ARG = seq(
  f('msisdn', U, ISDN), f('serviceCentreAddress', U, ISDN), f('sm-DeliveryOutcome', U, DeliveryOutcome), o('absentSubscriberDiagnosticSM', 0, INT),
  o('extensionContainer', 1, EXT), o('gprsSupportIndicator', 2, NULL), o('deliveryOutcomeIndicator', 3, NULL), o('additionalSM-DeliveryOutcome', 4, DeliveryOutcome),
  o('additionalAbsentSubscriberDiagnosticSM', 5, INT), o('ip-sm-gw-Indicator', 6, NULL), o('ip-sm-gw-sm-deliveryOutcome', 7, DeliveryOutcome),
  o('ip-sm-gw-absentSubscriberDiagnosticSM', 8, INT), o('imsi', 9, IMSI), o('singleAttemptDelivery', 10, NULL), o('correlationID', 11, CorrelationID),
);
const ALERT_SC_ARG = seq(
  f('msisdn', U, ISDN), f('serviceCentreAddress', U, ISDN), o('imsi', U, IMSI), o('correlationID', U, CorrelationID), o('maximumUeAvailabilityTime', 0, OCT),
  o('smsGmscAlertEvent', 1, enm({ 0: 'msAvailableForMtSms', 1: 'msUnderNewServingNode' })), o('smsGmscDiameterAddress', 2, ANY), o('newSGSNNumber', 3, ISDN),
  o('newSGSNDiameterAddress', 4, ANY), o('newMMENumber', 5, ISDN), o('newMMEDiameterAddress', 6, ANY), o('newMSCNumber', 7, ISDN),
);
/** MW-Status: a BIT STRING (sc-AddressNotIncluded, mnrf-Set, mcef-Set, mnrg-Set), hex with the unused-bits octet. */
const INFORM_SC_ARG = seq(
  o('storedMSISDN', U, ISDN), o('mw-Status', U, BITS), o('extensionContainer', U, EXT), o('absentSubscriberDiagnosticSM', U, INT),
  o('additionalAbsentSubscriberDiagnosticSM', 0, INT),
);
const READY_FOR_SM_ARG = seq(
  f('imsi', 0, IMSI), f('alertReason', U, enm({ 0: 'ms-Present', 1: 'memoryAvailable' })), o('alertReasonIndicator', U, NULL), o('extensionContainer', U, EXT),
  o('additionalAlertReasonIndicator', 1, NULL), o('maximumUeAvailabilityTime', U, size(OCT, 8)),
);

export const SM_TYPES: Readonly<Record<string, ArgType>> = {
  'RoutingInfoForSM-Arg': { ty: SRI_SM_ARG },
  'RoutingInfoForSM-Res': { ty: SRI_SM_RES },
  'MO-ForwardSM-Arg': { ty: MO_FSM_ARG },
  'MO-ForwardSM-Res': { ty: FSM_RES },
  'MT-ForwardSM-Arg': { ty: MT_FSM_ARG },
  'MT-ForwardSM-Res': { ty: FSM_RES },
  'ForwardSM-Arg': { ty: FORWARD_SM_ARG_V2 },
  'RoutingInfoForSM-Arg-v1': { ty: SRI_SM_ARG_V1 },
  'RoutingInfoForSM-Res-v1': { ty: SRI_SM_RES_V1 },
  'ReportSM-DeliveryStatusArg': { ty: RSDS_ARG },
  /** v1: the phase 1 argument has no delivery outcome. */
  'ReportSM-DeliveryStatusArg-v1': { ty: seq(f('msisdn', U, ISDN), f('serviceCentreAddress', U, ISDN)) },
  'ReportSM-DeliveryStatusRes': { ty: seq(o('storedMSISDN', U, ISDN), o('extensionContainer', U, EXT)) },
  /** v2: RESULT storedMSISDN ISDN-AddressString. */
  'ReportSM-DeliveryStatusRes-v2': { name: 'storedMSISDN', ty: ISDN },
  AlertServiceCentreArg: { ty: ALERT_SC_ARG },
  InformServiceCentreArg: { ty: INFORM_SC_ARG },
  'ReadyForSM-Arg': { ty: READY_FOR_SM_ARG },
  'ReadyForSM-Res': { ty: seq(o('extensionContainer', U, EXT)) },
};
