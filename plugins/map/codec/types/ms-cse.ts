// MAP-MS-DataTypes, subscription management by the gsmSCF (TS 29.002 §17.7.1, "any time information handling" and
// "subscriber data modification notification"): anyTimeSubscriptionInterrogation, anyTimeModification and
// noteSubscriberDataModified — call forwarding and barring data, ODB, the CAMEL subscription (CSIs) and the
// per-service data (call waiting, hold, CLIP, CLIR, ECT). GPRS/D/M-CSIs, criteria lists and CSG data stay hex.
import { ANY, BITS, INT, NULL, OCT, choice, enm, f, o, seq, seqOf, type ArgType, type Ty } from '../../../sigtran/codec/index.js';
import { EXT, ExtBasicServiceCode, IMSI, ISDN, SS_CODE, SubscriberIdentity, U } from './common.js';
import { CliRestrictionOption, ExtCallBarringFeature, ExtForwFeature, O_CSI, OdbData, OverrideCategory, SMS_CSI, SS_CSI, T_CSI } from './ms-subscriber-data.js';
import { SS_FOR_BS_CODE } from './ss.js';

/** Password ::= NumericString (SIZE (4)), as hex of its characters (`31323334` is "1234"): a NumericString is
 *  UNIVERSAL 18, which the descriptors carry as octets under that tag. */
const PASSWORD: Ty = { k: 'oct', utag: 18, size: [4, 4] };
/** Ext-SS-Status ::= OCTET STRING (SIZE (1..5)) (TS 24.080 SS-Status in its first octet). */
const SS_STATUS: Ty = { k: 'oct', size: [1, 5] };
const CamelInfo = enm({ 0: 'o-CSI', 1: 't-CSI', 2: 'vt-CSI', 3: 'tif-CSI', 4: 'gprs-CSI', 5: 'mo-sms-CSI', 6: 'ss-CSI', 7: 'm-CSI', 8: 'd-csi' });
const AdditionalCamelInfo = enm({ 0: 'mt-sms-CSI', 1: 'mg-csi', 2: 'o-IM-CSI', 3: 'd-IM-CSI', 4: 'vt-IM-CSI' });
const ModificationInstruction = enm({ 0: 'deactivate', 1: 'activate' });

// ---------------------------------------------------------------- what the HLR reports
const CallForwardingData = seq(f('forwardingFeatureList', U, seqOf(ExtForwFeature)), o('notificationToCSE', U, NULL), o('extensionContainer', 0, EXT));
const CallBarringData = seq(
  f('callBarringFeatureList', U, seqOf(ExtCallBarringFeature)), o('password', U, PASSWORD), o('wrongPasswordAttemptsCounter', U, INT),
  o('notificationToCSE', U, NULL), o('extensionContainer', U, EXT),
);
const OdbInfo = seq(f('odb-Data', U, OdbData), o('notificationToCSE', U, NULL), o('extensionContainer', U, EXT));
const CamelSubscriptionInfo = seq(
  o('o-CSI', 0, O_CSI), o('o-BcsmCamelTDP-CriteriaList', 1, ANY), o('d-CSI', 2, ANY), o('t-CSI', 3, T_CSI), o('t-BCSM-CAMEL-TDP-CriteriaList', 4, ANY),
  o('vt-CSI', 5, T_CSI), o('vt-BCSM-CAMEL-TDP-CriteriaList', 6, ANY), o('tif-CSI', 7, NULL), o('tif-CSI-NotificationToCSE', 8, NULL), o('gprs-CSI', 9, ANY),
  o('mo-sms-CSI', 10, SMS_CSI), o('ss-CSI', 11, SS_CSI), o('m-CSI', 12, ANY), o('extensionContainer', 13, EXT), o('specificCSIDeletedList', 14, BITS),
  o('mt-sms-CSI', 15, SMS_CSI), o('mt-smsCAMELTDP-CriteriaList', 16, ANY), o('mg-csi', 17, ANY), o('o-IM-CSI', 18, O_CSI),
  o('o-IM-BcsmCamelTDP-CriteriaList', 19, ANY), o('d-IM-CSI', 20, ANY), o('vt-IM-CSI', 21, T_CSI), o('vt-IM-BCSM-CAMEL-TDP-CriteriaList', 22, ANY),
);
const CallWaitingData = seq(f('cwFeatureList', 1, seqOf(seq(f('basicService', 1, ExtBasicServiceCode), f('ss-Status', 2, SS_STATUS)))), o('notificationToCSE', 2, NULL));
const ClipData = seq(f('ss-Status', 1, SS_STATUS), f('overrideCategory', 2, OverrideCategory), o('notificationToCSE', 3, NULL));
const ClirData = seq(f('ss-Status', 1, SS_STATUS), o('cliRestrictionOption', 2, CliRestrictionOption), o('notificationToCSE', 3, NULL));
/** CallHoldData and EctData. */
const SsStatusData = seq(f('ss-Status', 1, SS_STATUS), o('notificationToCSE', 2, NULL));
const ForwardingInfoForCse = seq(f('ss-Code', 0, SS_CODE), f('forwardingFeatureList', 1, seqOf(ExtForwFeature)), o('notificationToCSE', 2, NULL), o('extensionContainer', 3, EXT));
const CallBarringInfoForCse = seq(
  f('ss-Code', 0, SS_CODE), f('callBarringFeatureList', 1, seqOf(ExtCallBarringFeature)), o('password', 2, PASSWORD), o('wrongPasswordAttemptsCounter', 3, INT),
  o('notificationToCSE', 4, NULL), o('extensionContainer', 5, EXT),
);

// ---------------------------------------------------------------- anyTimeSubscriptionInterrogation
const RequestedSubscriptionInfo = seq(
  o('requestedSS-Info', 1, SS_FOR_BS_CODE), o('odb', 2, NULL), o('requestedCAMEL-SubscriptionInfo', 3, CamelInfo), o('supportedVLR-CAMEL-Phases', 4, NULL),
  o('supportedSGSN-CAMEL-Phases', 5, NULL), o('extensionContainer', 6, EXT), o('additionalRequestedCAMEL-SubscriptionInfo', 7, AdditionalCamelInfo),
  o('msisdn-BS-List', 8, NULL), o('csg-SubscriptionDataRequested', 9, NULL), o('cw-Info', 10, NULL), o('clip-Info', 11, NULL), o('clir-Info', 12, NULL),
  o('hold-Info', 13, NULL), o('ect-Info', 14, NULL),
);
const ATSI_ARG = seq(
  f('subscriberIdentity', 0, SubscriberIdentity), f('requestedSubscriptionInfo', 1, RequestedSubscriptionInfo), f('gsmSCF-Address', 2, ISDN),
  o('extensionContainer', 3, EXT), o('longFTN-Supported', 4, NULL),
);
const ATSI_RES = seq(
  o('callForwardingData', 1, CallForwardingData), o('callBarringData', 2, CallBarringData), o('odb-Info', 3, OdbInfo), o('camel-SubscriptionInfo', 4, CamelSubscriptionInfo),
  o('supportedVLR-CAMEL-Phases', 5, BITS), o('supportedSGSN-CAMEL-Phases', 6, BITS), o('extensionContainer', 7, EXT), o('offeredCamel4CSIsInVLR', 8, BITS),
  o('offeredCamel4CSIsInSGSN', 9, BITS), o('msisdn-BS-List', 10, ANY), o('csg-SubscriptionDataList', 11, ANY), o('cw-Data', 12, CallWaitingData),
  o('ch-Data', 13, SsStatusData), o('clip-Data', 14, ClipData), o('clir-Data', 15, ClirData), o('ect-data', 16, SsStatusData),
);

// ---------------------------------------------------------------- anyTimeModification
const notify = (t: number) => o('modifyNotificationToCSE', t, ModificationInstruction);
const ModifyCf = seq(
  f('ss-Code', 0, SS_CODE), o('basicService', 1, ExtBasicServiceCode), o('ss-Status', 2, SS_STATUS), o('forwardedToNumber', 3, ISDN), o('forwardedToSubaddress', 4, OCT),
  o('noReplyConditionTime', 5, INT), notify(6), o('extensionContainer', 7, EXT),
);
const ModifyCb = seq(
  f('ss-Code', 0, SS_CODE), o('basicService', 1, ExtBasicServiceCode), o('ss-Status', 2, SS_STATUS), o('password', 3, PASSWORD),
  o('wrongPasswordAttemptsCounter', 4, INT), notify(5), o('extensionContainer', 6, EXT),
);
const ModifyCsi = seq(
  f('requestedCamel-SubscriptionInfo', 0, CamelInfo), notify(1), o('modifyCSI-State', 2, ModificationInstruction), o('extensionContainer', 3, EXT),
  o('additionalRequestedCAMEL-SubscriptionInfo', 4, AdditionalCamelInfo),
);
/** ModificationRequestFor-CH-Info and -ECT-Info. */
const ModifySsStatus = seq(o('ss-Status', 0, SS_STATUS), notify(1), o('extensionContainer', 2, EXT));
const ATM_ARG = seq(
  f('subscriberIdentity', 0, SubscriberIdentity), f('gsmSCF-Address', 1, ISDN), o('modificationRequestFor-CF-Info', 2, ModifyCf), o('modificationRequestFor-CB-Info', 3, ModifyCb),
  o('modificationRequestFor-CSI', 4, ModifyCsi), o('extensionContainer', 5, EXT), o('longFTN-Supported', 6, NULL),
  o('modificationRequestFor-ODB-data', 7, seq(o('odb-data', 0, OdbData), notify(1), o('extensionContainer', 2, EXT))), o('modificationRequestFor-IP-SM-GW-Data', 8, ANY),
  o('activationRequestForUE-reachability', 9, BITS), o('modificationRequestFor-CSG', 10, ANY),
  o('modificationRequestFor-CW-Data', 11, seq(o('basicService', 0, ExtBasicServiceCode), o('ss-Status', 1, SS_STATUS), notify(2), o('extensionContainer', 3, EXT))),
  o('modificationRequestFor-CLIP-Data', 12, seq(o('ss-Status', 0, SS_STATUS), o('overrideCategory', 1, OverrideCategory), notify(2), o('extensionContainer', 3, EXT))),
  o('modificationRequestFor-CLIR-Data', 13, seq(o('ss-Status', 0, SS_STATUS), o('cliRestrictionOption', 1, CliRestrictionOption), notify(2), o('extensionContainer', 3, EXT))),
  o('modificationRequestFor-HOLD-Data', 14, ModifySsStatus), o('modificationRequestFor-ECT-Data', 15, ModifySsStatus),
);
const ATM_RES = seq(
  o('ss-InfoFor-CSE', 0, choice(f('forwardingInfoFor-CSE', 0, ForwardingInfoForCse), f('callBarringInfoFor-CSE', 1, CallBarringInfoForCse))),
  o('camel-SubscriptionInfo', 1, CamelSubscriptionInfo), o('extensionContainer', 2, EXT), o('odb-Info', 3, OdbInfo), o('cw-Data', 4, CallWaitingData),
  o('ch-Data', 5, SsStatusData), o('clip-Data', 6, ClipData), o('clir-Data', 7, ClirData), o('ect-data', 8, SsStatusData), o('serviceCentreAddress', 9, ISDN),
);

// ---------------------------------------------------------------- noteSubscriberDataModified (HLR -> gsmSCF)
const NSDM_ARG = seq(
  f('imsi', U, IMSI), f('msisdn', U, ISDN), o('forwardingInfoFor-CSE', 0, ForwardingInfoForCse), o('callBarringInfoFor-CSE', 1, CallBarringInfoForCse),
  o('odb-Info', 2, OdbInfo), o('camel-SubscriptionInfo', 3, CamelSubscriptionInfo), o('allInformationSent', 4, NULL), o('extensionContainer', U, EXT),
  o('ue-reachable', 5, BITS), o('csg-SubscriptionDataList', 6, ANY), o('cw-Data', 7, CallWaitingData), o('ch-Data', 8, SsStatusData), o('clip-Data', 9, ClipData),
  o('clir-Data', 10, ClirData), o('ect-data', 11, SsStatusData),
);

export const MS_CSE_TYPES: Readonly<Record<string, ArgType>> = {
  AnyTimeSubscriptionInterrogationArg: { ty: ATSI_ARG },
  AnyTimeSubscriptionInterrogationRes: { ty: ATSI_RES },
  AnyTimeModificationArg: { ty: ATM_ARG },
  AnyTimeModificationRes: { ty: ATM_RES },
  NoteSubscriberDataModifiedArg: { ty: NSDM_ARG },
  NoteSubscriberDataModifiedRes: { ty: seq(o('extensionContainer', U, EXT)) },
};
