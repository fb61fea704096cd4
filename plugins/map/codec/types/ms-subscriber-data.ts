// MAP-MS-DataTypes, subscriber management (TS 29.002 §17.7.1): insertSubscriberData with the common GSM
// subscription data — MSISDN, category, bearer and teleservice lists, supplementary services, operator determined
// barring, CAMEL O-, T- and SMS-CSI, the GPRS subscription (PDP contexts) — and deleteSubscriberData. EPS, LCS,
// VBS/VGCS and LSA data stay hex.
import { ANY, BITS, BOOL, INT, NULL, OCT, choice, enm, f, o, seq, seqOf, size, type ArgType } from '../../../sigtran/codec/index.js';
import { EXT, ExtBasicServiceCode, IMSI, ISDN, SS_CODE, U } from './common.js';

// ---------------------------------------------------------------- supplementary services (Ext-SS-InfoList)
export const ExtForwFeature = seq(
  o('basicService', U, ExtBasicServiceCode), f('ss-Status', 4, OCT), o('forwardedToNumber', 5, ISDN), o('forwardedToSubaddress', 8, OCT),
  o('forwardingOptions', 6, OCT), o('noReplyConditionTime', 7, INT), o('extensionContainer', 9, EXT), o('longForwardedToNumber', 10, OCT),
);
export const ExtCallBarringFeature = seq(o('basicService', U, ExtBasicServiceCode), f('ss-Status', 4, OCT), o('extensionContainer', U, EXT));
/** SS-SubscriptionOption (MAP-SS-DataTypes). */
export const CliRestrictionOption = enm({ 0: 'permanent', 1: 'temporaryDefaultRestricted', 2: 'temporaryDefaultAllowed' });
export const OverrideCategory = enm({ 0: 'overrideEnabled', 1: 'overrideDisabled' });
export const SubscriptionOption = choice(f('cliRestrictionOption', 2, CliRestrictionOption), f('overrideCategory', 1, OverrideCategory));
const ExtSsInfo = choice(
  f('forwardingInfo', 0, seq(f('ss-Code', U, SS_CODE), f('forwardingFeatureList', U, seqOf(ExtForwFeature)), o('extensionContainer', 0, EXT))),
  f('callBarringInfo', 1, seq(f('ss-Code', U, SS_CODE), f('callBarringFeatureList', U, seqOf(ExtCallBarringFeature)), o('extensionContainer', U, EXT))),
  f('cug-Info', 2, ANY),
  f('ss-Data', 3, seq(f('ss-Code', U, SS_CODE), f('ss-Status', 4, OCT), o('ss-SubscriptionOption', U, SubscriptionOption),
    o('basicServiceGroupList', U, seqOf(ExtBasicServiceCode)), o('extensionContainer', 5, EXT))),
  f('emlpp-Info', 4, ANY),
);

// ---------------------------------------------------------------- CAMEL subscription information (CSIs)
const DefaultCallHandling = enm({ 0: 'continueCall', 1: 'releaseCall' });
const tdpData = (dp: string, points: Record<number, string>) =>
  seq(f(dp, U, enm(points)), f('serviceKey', U, INT), f('gsmSCF-Address', 0, ISDN), f('defaultCallHandling', 1, DefaultCallHandling), o('extensionContainer', 2, EXT));
/** O-CSI and T-CSI: their TDP data lists and the CAMEL phase. */
const bcsmCsi = (list: string, dp: string, points: Record<number, string>) =>
  seq(f(list, U, seqOf(tdpData(dp, points))), o('extensionContainer', U, EXT), o('camelCapabilityHandling', 0, INT), o('notificationToCSE', 1, NULL), o('csiActive', 2, NULL));
export const O_CSI = bcsmCsi('o-BcsmCamelTDPDataList', 'o-BcsmTriggerDetectionPoint', { 2: 'collectedInfo', 4: 'routeSelectFailure' });
export const T_CSI = bcsmCsi('t-BcsmCamelTDPDataList', 't-BcsmTriggerDetectionPoint', { 12: 'termAttemptAuthorized', 13: 'tBusy', 14: 'tNoAnswer' });
const SmsTdpData = seq(
  f('sms-TriggerDetectionPoint', 0, enm({ 1: 'sms-CollectedInfo', 2: 'sms-DeliveryRequest' })), f('serviceKey', 1, INT), f('gsmSCF-Address', 2, ISDN),
  f('defaultSMS-Handling', 3, enm({ 0: 'continueTransaction', 1: 'releaseTransaction' })), o('extensionContainer', 4, EXT),
);
export const SMS_CSI = seq(o('sms-CAMEL-TDP-DataList', 0, seqOf(SmsTdpData)), o('camelCapabilityHandling', 1, INT), o('extensionContainer', 2, EXT), o('notificationToCSE', 3, NULL), o('csi-Active', 4, NULL));
export const SS_CSI = seq(
  f('ss-CamelData', U, seq(f('ss-EventList', U, seqOf(SS_CODE)), f('gsmSCF-Address', U, ISDN), o('extensionContainer', 0, EXT))), o('extensionContainer', U, EXT),
  o('notificationToCSE', 0, NULL), o('csi-Active', 1, NULL),
);
const VlrCamelSubscriptionInfo = seq(
  o('o-CSI', 0, O_CSI), o('extensionContainer', 1, EXT), o('ss-CSI', 2, SS_CSI), o('o-BcsmCamelTDP-CriteriaList', 4, ANY), o('tif-CSI', 3, NULL),
  o('m-CSI', 5, ANY), o('mo-sms-CSI', 6, SMS_CSI), o('vt-CSI', 7, T_CSI), o('t-BCSM-CAMEL-TDP-CriteriaList', 8, ANY), o('d-CSI', 9, ANY),
  o('mt-sms-CSI', 10, SMS_CSI), o('mt-smsCAMELTDP-CriteriaList', 11, ANY),
);

// ---------------------------------------------------------------- GPRS subscription data (the SGSN's PDP contexts)
/** PDP-Context: the context id, PDP type (TS 29.060 End User Address: 'f121' IPv4), QoS and APN (labels, TS 23.003). */
const PdpContext = seq(
  f('pdp-ContextId', U, INT), f('pdp-Type', 16, size(OCT, 2)), o('pdp-Address', 17, OCT), f('qos-Subscribed', 18, size(OCT, 3)),
  o('vplmnAddressAllowed', 19, NULL), f('apn', 20, size(OCT, 2, 63)), o('extensionContainer', 21, EXT), o('ext-QoS-Subscribed', 0, OCT),
  o('pdp-ChargingCharacteristics', 1, size(OCT, 2)),
);
const GprsSubscriptionData = seq(o('completeDataListIncluded', U, NULL), f('gprsDataList', 1, seqOf(PdpContext)), o('extensionContainer', 2, EXT), o('apn-oi-Replacement', 3, OCT));

// ---------------------------------------------------------------- InsertSubscriberData
/** ODB-Data: the general and HPLMN-specific barring categories as BIT STRINGs (hex with the unused-bits octet). */
export const OdbData = seq(f('odb-GeneralData', U, BITS), o('odb-HPLMN-Data', U, BITS), o('extensionContainer', U, EXT));
const ISD_ARG = seq(
  o('imsi', 0, IMSI),
  // COMPONENTS OF SubscriberData
  o('msisdn', 1, ISDN), o('category', 2, size(OCT, 1)), o('subscriberStatus', 3, enm({ 0: 'serviceGranted', 1: 'operatorDeterminedBarring' })),
  o('bearerServiceList', 4, seqOf(OCT)), o('teleserviceList', 6, seqOf(OCT)), o('provisionedSS', 7, seqOf(ExtSsInfo)), o('odb-Data', 8, OdbData),
  o('roamingRestrictionDueToUnsupportedFeature', 9, NULL), o('regionalSubscriptionData', 10, seqOf(size(OCT, 2))), o('vbsSubscriptionData', 11, ANY),
  o('vgcsSubscriptionData', 12, ANY), o('vlrCamelSubscriptionInfo', 13, VlrCamelSubscriptionInfo),
  // InsertSubscriberDataArg's own
  o('extensionContainer', 14, EXT), o('naea-PreferredCI', 15, ANY), o('gprsSubscriptionData', 16, GprsSubscriptionData), o('roamingRestrictedInSgsnDueToUnsupportedFeature', 23, NULL),
  o('networkAccessMode', 24, enm({ 0: 'packetAndCircuit', 1: 'onlyCircuit', 2: 'onlyPacket' })), o('lsaInformation', 25, ANY), o('lmu-Indicator', 21, NULL),
  o('lcsInformation', 22, ANY), o('istAlertTimer', 26, INT), o('superChargerSupportedInHLR', 27, OCT), o('mc-SS-Info', 28, ANY),
  o('cs-AllocationRetentionPriority', 29, OCT), o('sgsn-CAMEL-SubscriptionInfo', 17, ANY), o('chargingCharacteristics', 18, OCT),
  o('accessRestrictionData', 19, BITS), o('ics-Indicator', 20, BOOL), o('eps-SubscriptionData', 31, ANY), o('csg-SubscriptionDataList', 32, ANY),
  o('ue-ReachabilityRequestIndicator', 33, NULL), o('sgsn-Number', 34, ISDN), o('mme-Name', 35, OCT), o('subscribedPeriodicRAUTAUtimer', 36, INT),
  o('vplmnLIPAAllowed', 37, NULL), o('mdtUserConsent', 38, BOOL), o('subscribedPeriodicLAUtimer', 39, INT), o('vplmn-Csg-SubscriptionDataList', 40, ANY),
  o('additionalMSISDN', 41, ISDN), o('psAndSMS-OnlyServiceProvision', 42, NULL), o('smsInSGSNAllowed', 43, NULL), o('cs-to-ps-SRVCC-Allowed-Indicator', 44, NULL),
  o('pcscf-Restoration-Request', 45, NULL), o('adjacentAccessRestrictionDataList', 46, ANY), o('imsi-Group-Id-List', 47, ANY), o('ueUsageType', 48, OCT),
  o('userPlaneIntegrityProtectionIndicator', 49, NULL), o('dl-Buffering-Suggested-Packet-Count', 50, INT), o('reset-Id-List', 51, ANY),
);
const RegionalSubscriptionResponse = enm({ 0: 'networkNode-AreaRestricted', 1: 'tooManyZoneCodes', 2: 'zoneCodesConflict', 3: 'regionalSubscNotSupported' });
const ISD_RES = seq(
  o('teleserviceList', 1, seqOf(OCT)), o('bearerServiceList', 2, seqOf(OCT)), o('ss-List', 3, seqOf(SS_CODE)), o('odb-GeneralData', 4, BITS),
  o('regionalSubscriptionResponse', 5, RegionalSubscriptionResponse), o('supportedCamelPhases', 6, BITS), o('extensionContainer', 7, EXT),
  o('offeredCamel4CSIs', 8, BITS), o('supportedFeatures', 9, BITS),
);

// ---------------------------------------------------------------- DeleteSubscriberData
const withdraw = (...names: [string, number][]) => names.map(([n, t]) => o(n, t, NULL));
const DSD_ARG = seq(
  f('imsi', 0, IMSI), o('basicServiceList', 1, seqOf(ExtBasicServiceCode)), o('ss-List', 2, seqOf(SS_CODE)),
  o('roamingRestrictionDueToUnsupportedFeature', 4, NULL), o('regionalSubscriptionIdentifier', 5, size(OCT, 2)),
  ...withdraw(['vbsGroupIndication', 7], ['vgcsGroupIndication', 8], ['camelSubscriptionInfoWithdraw', 9]), o('extensionContainer', 6, EXT),
  o('gprsSubscriptionDataWithdraw', 10, ANY), o('roamingRestrictedInSgsnDueToUnsuppportedFeature', 11, NULL), o('lsaInformationWithdraw', 12, ANY),
  ...withdraw(['gmlc-ListWithdraw', 13], ['istInformationWithdraw', 14]), o('specificCSI-Withdraw', 15, BITS),
  ...withdraw(['chargingCharacteristicsWithdraw', 16], ['stn-srWithdraw', 17]), o('epsSubscriptionDataWithdraw', 18, ANY),
  ...withdraw(['apn-oi-replacementWithdraw', 19], ['csg-SubscriptionDeleted', 20], ['subscribedPeriodicTAU-RAU-TimerWithdraw', 22],
    ['subscribedPeriodicLAU-TimerWithdraw', 23], ['subscribed-vsrvccWithdraw', 21], ['vplmn-Csg-SubscriptionDeleted', 24], ['additionalMSISDN-Withdraw', 25],
    ['cs-to-ps-SRVCC-Withdraw', 26], ['imsiGroupIdList-Withdraw', 27], ['userPlaneIntegrityProtectionWithdraw', 28],
    ['dl-Buffering-Suggested-Packet-Count-Withdraw', 29], ['ue-UsageTypeWithdraw', 30], ['reset-idsWithdraw', 31]),
);

export const MS_SUBSCRIBER_DATA_TYPES: Readonly<Record<string, ArgType>> = {
  InsertSubscriberDataArg: { ty: ISD_ARG },
  InsertSubscriberDataRes: { ty: ISD_RES },
  DeleteSubscriberDataArg: { ty: DSD_ARG },
  DeleteSubscriberDataRes: { ty: seq(o('regionalSubscriptionResponse', 0, RegionalSubscriptionResponse), o('extensionContainer', U, EXT)) },
};
