// MAP-MS-DataTypes, location management, authentication, equipment and fault recovery (TS 29.002 §17.7.1):
// updateLocation, cancelLocation, purgeMS, updateGprsLocation, sendIMSI, sendAuthenticationInfo, checkIMEI, reset,
// restoreData. The v1/v2 forms where they differ from v3 follow Wireshark's gsm_old module (GSM 09.02 phase 1 and 2).
import { ANY, BITS, INT, NULL, OCT, choice, enm, f, o, seq, seqOf, size, type ArgType } from '../../../sigtran/codec/index.js';
import { EXT, IMEI, IMSI, ISDN, Identity, LMSI, U } from './common.js';
import { NetworkResource } from './er.js';

const GSN_ADDRESS = size(OCT, 5, 17);
const VlrCapability = seq(
  o('supportedCamelPhases', 0, BITS), o('extensionContainer', U, EXT), o('solsaSupportIndicator', 2, NULL),
  o('istSupportIndicator', 1, enm({ 0: 'basicISTSupported', 1: 'istCommandSupported' })), o('superChargerSupportedInServingNetworkEntity', 3, ANY),
  o('longFTN-Supported', 4, NULL), o('supportedLCS-CapabilitySets', 5, BITS), o('offeredCamel4CSIs', 6, BITS), o('supportedRAT-TypesIndicator', 7, BITS),
  o('longGroupID-Supported', 8, NULL), o('mtRoamingForwardingSupported', 9, NULL), o('msisdn-lessOperation-Supported', 10, NULL), o('reset-ids-Supported', 11, NULL),
);
const AddInfo = seq(f('imeisv', 0, IMEI), o('skipSubscriberDataUpdate', 1, NULL));
const UL_ARG = seq(
  f('imsi', U, IMSI), f('msc-Number', 1, ISDN), f('vlr-Number', U, ISDN), o('lmsi', 10, LMSI), o('extensionContainer', U, EXT),
  o('vlr-Capability', 6, VlrCapability), o('informPreviousNetworkEntity', 11, NULL), o('cs-LCS-NotSupportedByUE', 12, NULL),
  o('v-gmlc-Address', 2, GSN_ADDRESS), o('add-info', 13, AddInfo), o('pagingArea', 14, ANY), o('skipSubscriberDataUpdate', 15, NULL),
  o('restorationIndicator', 16, NULL), o('eplmn-List', 3, ANY), o('mme-DiameterAddress', 4, ANY),
);
/** v1 (phase 1): the location is a roaming number [0] or the MSC number [1] (which v2 made the only form, same tag). */
const UL_ARG_V1 = seq(
  f('imsi', U, IMSI), f('locationInfo', U, choice(f('roamingNumber', 0, ISDN), f('msc-Number', 1, ISDN))), f('vlr-Number', U, ISDN), o('lmsi', 10, LMSI),
);
const CancellationType = enm({ 0: 'updateProcedure', 1: 'subscriptionWithdraw', 2: 'initialAttachProcedure' });
const CL_ARG = seq(
  f('identity', U, Identity), o('cancellationType', U, CancellationType), o('extensionContainer', U, EXT), o('typeOfUpdate', 0, enm({ 0: 'sgsn-change', 1: 'mme-change' })),
  o('mtrf-SupportedAndAuthorized', 1, NULL), o('mtrf-SupportedAndNotAuthorized', 2, NULL), o('newMSC-Number', 3, ISDN), o('newVLR-Number', 4, ISDN),
  o('new-lmsi', 5, LMSI), o('reattach-Required', 6, NULL),
);
const PURGE_ARG = seq(
  f('imsi', U, IMSI), o('vlr-Number', 0, ISDN), o('sgsn-Number', 1, ISDN), o('extensionContainer', U, EXT),
  o('locationInformation', 2, ANY), o('locationInformationGPRS', 3, ANY), o('locationInformationEPS', 4, ANY),
);
const UGL_ARG = seq(
  f('imsi', U, IMSI), f('sgsn-Number', U, ISDN), f('sgsn-Address', U, GSN_ADDRESS), o('extensionContainer', U, EXT), o('sgsn-Capability', 0, ANY),
  o('informPreviousNetworkEntity', 1, NULL), o('ps-LCS-NotSupportedByUE', 2, NULL), o('v-gmlc-Address', 3, GSN_ADDRESS), o('add-info', 4, AddInfo),
  o('eps-info', 5, ANY), o('servingNodeTypeIndicator', 6, NULL), o('skipSubscriberDataUpdate', 7, NULL),
  o('usedRAT-Type', 8, enm({ 0: 'utran', 1: 'geran', 2: 'gan', 3: 'i-hspa-evolution', 4: 'e-utran', 5: 'nb-iot' })), o('gprsSubscriptionDataNotNeeded', 9, NULL),
  o('nodeTypeIndicator', 10, NULL), o('areaRestricted', 11, NULL), o('ue-reachableIndicator', 12, NULL), o('epsSubscriptionDataNotNeeded', 13, NULL),
  o('ue-srvcc-Capability', 14, enm({ 0: 'ue-srvcc-not-supported', 1: 'ue-srvcc-supported' })), o('eplmn-List', 15, ANY), o('mmeNumberforMTSMS', 16, ISDN),
  o('smsRegisterRequest', 17, enm({ 0: 'sms-registration-required', 1: 'sms-registration-not-preferred', 2: 'no-preference' })), o('sms-Only', 18, NULL),
  o('removalofMMERegistrationforSMS', 22, NULL), o('sgsn-Name', 19, OCT), o('sgsn-Realm', 20, OCT), o('lgd-supportIndicator', 21, NULL), o('adjacentPLMN-List', 23, ANY),
);
const UGL_RES = seq(f('hlr-Number', U, ISDN), o('extensionContainer', U, EXT), o('add-Capability', U, NULL), o('sgsn-mmeSeparationSupported', 0, NULL), o('mmeRegisteredforSMS', 1, NULL));

// ---------------------------------------------------------------- authentication vectors (TS 33.102, TS 43.020)
const RAND = size(OCT, 16);
const Triplet = seq(f('rand', U, RAND), f('sres', U, size(OCT, 4)), f('kc', U, size(OCT, 8)));
const Quintuplet = seq(f('rand', U, RAND), f('xres', U, size(OCT, 4, 16)), f('ck', U, size(OCT, 16)), f('ik', U, size(OCT, 16)), f('autn', U, size(OCT, 16)));
const SAI_ARG = seq(
  f('imsi', 0, IMSI), f('numberOfRequestedVectors', U, INT), o('segmentationProhibited', U, NULL), o('immediateResponsePreferred', 1, NULL),
  o('re-synchronisationInfo', U, seq(f('rand', U, RAND), f('auts', U, size(OCT, 14)))), o('extensionContainer', 2, EXT),
  o('requestingNodeType', 3, enm({ 0: 'vlr', 1: 'sgsn', 2: 's-cscf', 3: 'bsf', 4: 'gan-aaa-server', 5: 'wlan-aaa-server', 16: 'mme', 17: 'mme-sgsn' })),
  o('requestingPLMN-Id', 4, size(OCT, 3)), o('numberOfRequestedAdditional-Vectors', 5, INT), o('additionalVectorsAreForEPS', 6, NULL), o('ueUsageTypeRequestIndication', 7, NULL),
);
const SAI_RES = seq(
  o('authenticationSetList', U, choice(f('tripletList', 0, seqOf(Triplet)), f('quintupletList', 1, seqOf(Quintuplet)))), o('extensionContainer', U, EXT),
  o('eps-AuthenticationSetList', 2, ANY), o('ueUsageType', 3, size(OCT, 4)),
);

const EquipmentStatus = enm({ 0: 'whiteListed', 1: 'blackListed', 2: 'greyListed' });
const CHECK_IMEI_RES = seq(o('equipmentStatus', U, EquipmentStatus), o('bmuef', U, seq(o('uesbi-IuA', 0, BITS), o('uesbi-IuB', 1, BITS))), o('extensionContainer', 0, EXT));

const RESET_ARG = seq(
  f('sendingNodenumber', U, choice(f('hlr-Number', U, ISDN), f('css-Number', 1, ISDN))), o('hlr-List', U, seqOf(IMSI)), o('extensionContainer', 0, EXT),
  o('reset-Id-List', 1, ANY), o('subscriptionData', 2, ANY), o('subscriptionDataDeletion', 3, ANY),
);

/** v1: the HLR names itself by number, and the failed resource (present in v1 only). */
const RESET_ARG_V1 = seq(o('networkResource', U, NetworkResource), f('hlr-Number', U, ISDN), o('hlr-List', U, seqOf(IMSI)));

const extOnly = seq(o('extensionContainer', U, EXT));

export const MS_LOCATION_TYPES: Readonly<Record<string, ArgType>> = {
  UpdateLocationArg: { ty: UL_ARG },
  'UpdateLocationArg-v1': { ty: UL_ARG_V1 },
  UpdateLocationRes: { ty: seq(f('hlr-Number', U, ISDN), o('extensionContainer', U, EXT), o('add-Capability', U, NULL), o('pagingArea-Capability', 0, NULL)) },
  /** v2: RESULT hlr-Number ISDN-AddressString. */
  'UpdateLocationRes-v2': { name: 'hlr-Number', ty: ISDN },
  CancelLocationArg: { ty: CL_ARG, tag: 3 },
  CancelLocationRes: { ty: extOnly },
  /** v2: ARGUMENT identity Identity. */
  'CancelLocationArg-v2': { ty: Identity },
  'PurgeMS-Arg': { ty: PURGE_ARG, tag: 3 },
  'PurgeMS-Res': { ty: seq(o('freezeTMSI', 0, NULL), o('freezeP-TMSI', 1, NULL), o('extensionContainer', U, EXT), o('freezeM-TMSI', 2, NULL)) },
  'PurgeMS-ArgV2': { ty: seq(f('imsi', U, IMSI), f('vlr-Number', U, ISDN)) },
  UpdateGprsLocationArg: { ty: UGL_ARG },
  UpdateGprsLocationRes: { ty: UGL_RES },
  'SendIMSI-Arg': { name: 'msisdn', ty: ISDN },
  'SendIMSI-Res': { name: 'imsi', ty: IMSI },
  SendAuthenticationInfoArg: { ty: SAI_ARG },
  SendAuthenticationInfoRes: { ty: SAI_RES, tag: 3 },
  /** v2: ARGUMENT imsi IMSI; RESULT a SEQUENCE OF triplets (Wireshark's gsm_old SendAuthenticationInfoResOld). */
  'SendAuthenticationInfoArg-v2': { name: 'imsi', ty: IMSI },
  'SendAuthenticationInfoRes-v2': { name: 'authenticationSets', ty: seqOf(Triplet) },
  'CheckIMEI-Arg': { ty: seq(f('imei', U, IMEI), f('requestedEquipmentInfo', U, BITS), o('extensionContainer', U, EXT)) },
  'CheckIMEI-Res': { ty: CHECK_IMEI_RES },
  'CheckIMEI-Arg-v2': { name: 'imei', ty: IMEI },
  'CheckIMEI-Res-v2': { name: 'equipmentStatus', ty: EquipmentStatus },
  ResetArg: { ty: RESET_ARG },
  'ResetArg-v1': { ty: RESET_ARG_V1 },
  RestoreDataArg: { ty: seq(f('imsi', U, IMSI), o('lmsi', U, LMSI), o('extensionContainer', U, EXT), o('vlr-Capability', 6, VlrCapability), o('restorationIndicator', 7, NULL)) },
  RestoreDataRes: { ty: seq(f('hlr-Number', U, ISDN), o('msNotReachable', U, NULL), o('extensionContainer', U, EXT)) },
};
