// Argument, result and error-parameter types of the MAP operations the tester plays, as descriptors of the
// ASN.1 modules of 3GPP TS 29.002 (MAP-SS-, MAP-MS-, MAP-CH-, MAP-SM-, MAP-ER-DataTypes; IMPLICIT TAGS, CHOICEs
// explicit), checked against Wireshark's gsm_map ASN.1 (V14.3.0). Parts the tester does not model are ANY
// (given and reported as hex of their content). The catalogue (../catalogue.ts) names these types.
import { ANY, BOOL, INT, NULL, OCT, choice, enm, f, o, oct, octf, seq, type ArgType, type Ty } from '../../sigtran/codec/index.js';
import { cbsDcs } from './dcs.js';

const U = undefined; // untagged: the universal tag of the type
const ISDN = oct('addressString'); // ISDN-AddressString / AddressString: TON/NPI octet + TBCD
const IMSI = oct('tbcd');
const LMSI = OCT;
/** ExtensionContainer (MAP-ExtensionDataTypes), its lists as hex. */
const EXT: Ty = seq(o('privateExtensionList', 0, ANY), o('pcs-Extensions', 1, ANY));

// ---------------------------------------------------------------- MAP-SS-DataTypes: USSD
const USSD_DCS = octf(cbsDcs);
// The anchor spells the USSD fields without the ASN.1 hyphen (ussdString, ussdDataCodingScheme).
const USSD_ARG = seq(f('ussdDataCodingScheme', U, USSD_DCS), f('ussdString', U, OCT), o('alertingPattern', U, OCT), o('msisdn', 0, ISDN));
const USSD_RES = seq(f('ussdDataCodingScheme', U, USSD_DCS), f('ussdString', U, OCT));

// ---------------------------------------------------------------- MAP-MS-DataTypes: ATI, PSI
const SubscriberIdentity = choice(f('imsi', 0, IMSI), f('msisdn', 1, ISDN));
const DomainType = enm({ 0: 'cs-Domain', 1: 'ps-Domain' });
const RequestedInfo = seq(
  o('locationInformation', 0, NULL), o('subscriberState', 1, NULL), o('extensionContainer', 2, EXT), o('currentLocation', 3, NULL),
  o('requestedDomain', 4, DomainType), o('imei', 6, NULL), o('ms-classmark', 5, NULL), o('mnpRequestedInfo', 7, NULL),
  o('locationInformationEPS-Supported', 11, NULL), o('t-adsData', 8, NULL), o('requestedNodes', 9, OCT), o('servingNodeIndication', 10, NULL),
  o('localTimeZoneRequest', 12, NULL),
);
/** CellGlobalIdOrServiceAreaIdOrLAI: a 7-octet cell global id / service area id, or a 5-octet LAI (TS 23.003). */
const CellIdOrLai = choice(f('cellGlobalIdOrServiceAreaIdFixedLength', 0, oct('cgi')), f('laiFixedLength', 1, oct('lai')));
const LocationInformation = seq(
  o('ageOfLocationInformation', U, INT), o('geographicalInformation', 0, OCT), o('vlr-number', 1, ISDN), o('locationNumber', 2, oct('callingNumber')),
  o('cellGlobalIdOrServiceAreaIdOrLAI', 3, CellIdOrLai), o('extensionContainer', 4, EXT), o('selectedLSA-Id', 5, OCT), o('msc-Number', 6, ISDN),
  o('geodeticInformation', 7, OCT), o('currentLocationRetrieved', 8, NULL), o('sai-Present', 9, NULL), o('locationInformationEPS', 10, ANY),
  o('userCSGInformation', 11, ANY),
);
export const NOT_REACHABLE_REASON = { 0: 'msPurged', 1: 'imsiDetached', 2: 'restrictedArea', 3: 'notRegistered' };
const SubscriberState = choice(f('assumedIdle', 0, NULL), f('camelBusy', 1, NULL), f('netDetNotReachable', U, enm(NOT_REACHABLE_REASON)), f('notProvidedFromVLR', 2, NULL));
const SubscriberInfo = seq(
  o('locationInformation', 0, LocationInformation), o('subscriberState', 1, SubscriberState), o('extensionContainer', 2, EXT),
  o('locationInformationGPRS', 3, ANY), o('ps-SubscriberState', 4, ANY), o('imei', 5, IMSI), o('ms-Classmark2', 6, OCT), o('gprs-MS-Class', 7, ANY),
  o('mnpInfoRes', 8, ANY), o('imsVoiceOverPS-SessionsIndication', 9, INT), o('lastUE-ActivityTime', 10, OCT), o('lastRAT-Type', 11, INT),
  o('eps-SubscriberState', 12, ANY), o('locationInformationEPS', 13, ANY), o('timeZone', 14, OCT), o('daylightSavingTime', 15, INT),
);
const ATI_ARG = seq(f('subscriberIdentity', 0, SubscriberIdentity), f('requestedInfo', 1, RequestedInfo), f('gsmSCF-Address', 3, ISDN), o('extensionContainer', 2, EXT));
const SUBSCRIBER_INFO_RES = seq(f('subscriberInfo', U, SubscriberInfo), o('extensionContainer', U, EXT));
const PSI_ARG = seq(f('imsi', 0, IMSI), o('lmsi', 1, LMSI), f('requestedInfo', 2, RequestedInfo), o('extensionContainer', 3, EXT), o('callPriority', 4, INT));

// ---------------------------------------------------------------- MAP-CH-DataTypes: SendRoutingInfo (v3)
const SRI_ARG = seq(
  f('msisdn', 0, ISDN), o('cug-CheckInfo', 1, ANY), o('numberOfForwarding', 2, INT), f('interrogationType', 3, enm({ 0: 'basicCall', 1: 'forwarding' })),
  o('or-Interrogation', 4, NULL), o('or-Capability', 5, INT), f('gmsc-OrGsmSCF-Address', 6, ISDN), o('callReferenceNumber', 7, OCT),
  o('forwardingReason', 8, enm({ 0: 'notReachable', 1: 'busy', 2: 'noReply' })), o('basicServiceGroup', 9, ANY), o('networkSignalInfo', 10, ANY),
  o('camelInfo', 11, ANY), o('suppressionOfAnnouncement', 12, NULL), o('extensionContainer', 13, EXT), o('alertingPattern', 14, OCT), o('ccbs-Call', 15, NULL),
  o('supportedCCBS-Phase', 16, INT), o('additionalSignalInfo', 17, ANY), o('istSupportIndicator', 18, INT), o('pre-pagingSupported', 19, NULL),
  o('callDiversionTreatmentIndicator', 20, OCT), o('longFTN-Supported', 21, NULL), o('suppress-VT-CSI', 22, NULL), o('suppressIncomingCallBarring', 23, NULL),
  o('gsmSCF-InitiatedCall', 24, NULL), o('basicServiceGroup2', 25, ANY), o('networkSignalInfo2', 26, ANY), o('suppressMTSS', 27, OCT),
  o('mtRoamingRetrySupported', 28, NULL), o('callPriority', 29, INT),
);
const ForwardingData = seq(o('forwardedToNumber', 5, ISDN), o('forwardedToSubaddress', 4, OCT), o('forwardingOptions', 6, OCT), o('extensionContainer', 7, EXT), o('longForwardedToNumber', 8, ISDN));
const RoutingInfo = choice(f('roamingNumber', U, ISDN), f('forwardingData', U, ForwardingData));
const SRI_RES = seq(
  o('imsi', 9, IMSI), o('extendedRoutingInfo', U, choice(f('routingInfo', U, RoutingInfo), f('camelRoutingInfo', 8, ANY))), o('cug-CheckInfo', 3, ANY),
  o('cugSubscriptionFlag', 6, NULL), o('subscriberInfo', 7, SubscriberInfo), o('ss-List', 1, ANY), o('basicService', 5, ANY),
  o('forwardingInterrogationRequired', 4, NULL), o('vmsc-Address', 2, ISDN), o('extensionContainer', 0, EXT), o('naea-PreferredCI', 10, ANY),
  o('ccbs-Indicators', 11, ANY), o('msisdn', 12, ISDN), o('numberPortabilityStatus', 13, enm({ 0: 'notKnownToBePorted', 1: 'ownNumberPortedOut', 2: 'foreignNumberPortedToForeignNetwork', 4: 'ownNumberNotPortedOut', 5: 'foreignNumberPortedIn' })),
  o('istAlertTimer', 14, INT), o('supportedCamelPhasesInVMSC', 15, OCT), o('offeredCamel4CSIsInVMSC', 16, OCT), o('routingInfo2', 17, RoutingInfo),
  o('ss-List2', 18, ANY), o('basicService2', 19, ANY), o('allowedServices', 20, OCT), o('unavailabilityCause', 21, INT), o('releaseResourcesSupported', 22, NULL),
  o('gsm-BearerCapability', 23, ANY),
);

// ---------------------------------------------------------------- MAP-SM-DataTypes: SRI-SM, MO/MT-ForwardSM
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

/** Argument and result types by name (the catalogue refers to these names). */
export const TYPES: Readonly<Record<string, ArgType>> = {
  'USSD-Arg': { ty: USSD_ARG },
  'USSD-Res': { ty: USSD_RES },
  AnyTimeInterrogationArg: { ty: ATI_ARG },
  AnyTimeInterrogationRes: { ty: SUBSCRIBER_INFO_RES },
  ProvideSubscriberInfoArg: { ty: PSI_ARG },
  ProvideSubscriberInfoRes: { ty: SUBSCRIBER_INFO_RES },
  SendRoutingInfoArg: { ty: SRI_ARG },
  SendRoutingInfoRes: { ty: SRI_RES, tag: 3 },
  'RoutingInfoForSM-Arg': { ty: SRI_SM_ARG },
  'RoutingInfoForSM-Res': { ty: SRI_SM_RES },
  'MO-ForwardSM-Arg': { ty: MO_FSM_ARG },
  'MO-ForwardSM-Res': { ty: FSM_RES },
  'MT-ForwardSM-Arg': { ty: MT_FSM_ARG },
  'MT-ForwardSM-Res': { ty: FSM_RES },
  'ForwardSM-Arg': { ty: FORWARD_SM_ARG_V2 },
};

// ---------------------------------------------------------------- MAP-ER-DataTypes: error parameters
const extOnly = seq(o('extensionContainer', U, EXT));
const NetworkResource = enm({ 0: 'plmn', 1: 'hlr', 2: 'vlr', 3: 'pvlr', 4: 'controllingMSC', 5: 'vmsc', 6: 'eir', 7: 'rss' });
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
  resourceLimitation: { ty: extOnly },
};
