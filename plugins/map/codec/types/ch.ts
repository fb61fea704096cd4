// MAP-CH-DataTypes (TS 29.002 §17.7.3): sendRoutingInfo (v3; v1/v2 as Wireshark's gsm_old SendRoutingInfoArgV2 and
// ResV2, GSM 09.02 phase 2) and provideRoamingNumber.
import { ANY, BITS, INT, NULL, OCT, choice, enm, f, o, seq, size, type ArgType } from '../../../sigtran/codec/index.js';
import { EXT, IMSI, ISDN, LMSI, U } from './common.js';
import { SubscriberInfo } from './ms-info.js';

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
/** v1/v2: the MSISDN, a CUG check (absent in v1), the forwarding count and the ISDN signal info; the result routes by a
 *  roaming number or forwarding data. */
const CugCheckInfo = seq(f('cug-Interlock', U, size(OCT, 4)), o('cug-OutgoingAccess', U, NULL), o('extensionContainer', U, EXT));
const SRI_ARG_V2 = seq(f('msisdn', 0, ISDN), o('cug-CheckInfo', 1, CugCheckInfo), o('numberOfForwarding', 2, INT), o('networkSignalInfo', 10, ANY));
const SRI_RES_V2 = seq(f('imsi', U, IMSI), f('routingInfo', U, RoutingInfo), o('cug-CheckInfo', U, CugCheckInfo));

const PRN_ARG = seq(
  f('imsi', 0, IMSI), f('msc-Number', 1, ISDN), o('msisdn', 2, ISDN), o('lmsi', 4, LMSI), o('gsm-BearerCapability', 5, ANY), o('networkSignalInfo', 6, ANY),
  o('suppressionOfAnnouncement', 7, NULL), o('gmsc-Address', 8, ISDN), o('callReferenceNumber', 9, OCT), o('or-Interrogation', 10, NULL),
  o('extensionContainer', 11, EXT), o('alertingPattern', 12, OCT), o('ccbs-Call', 13, NULL), o('supportedCamelPhasesInInterrogatingNode', 15, BITS),
  o('additionalSignalInfo', 14, ANY), o('orNotSupportedInGMSC', 16, NULL), o('pre-pagingSupported', 17, NULL), o('longFTN-Supported', 18, NULL),
  o('suppress-VT-CSI', 19, NULL), o('offeredCamel4CSIsInInterrogatingNode', 20, BITS), o('mtRoamingRetrySupported', 21, NULL), o('pagingArea', 22, ANY),
  o('callPriority', 23, INT),
);

export const CH_TYPES: Readonly<Record<string, ArgType>> = {
  SendRoutingInfoArg: { ty: SRI_ARG },
  SendRoutingInfoRes: { ty: SRI_RES, tag: 3 },
  'SendRoutingInfoArg-v2': { ty: SRI_ARG_V2 },
  'SendRoutingInfoRes-v2': { ty: SRI_RES_V2 },
  ProvideRoamingNumberArg: { ty: PRN_ARG },
  ProvideRoamingNumberRes: { ty: seq(f('roamingNumber', U, ISDN), o('extensionContainer', U, EXT), o('releaseResourcesSupported', U, NULL), o('vmsc-Address', 0, ISDN)) },
  /** v2: RESULT roamingNumber ISDN-AddressString. */
  'ProvideRoamingNumberRes-v2': { name: 'roamingNumber', ty: ISDN },
};
