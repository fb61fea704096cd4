// MAP-SM-DataTypes (TS 29.002 §17.7.6): sendRoutingInfoForSM, MO/MT forwardSM (v3) and forwardSM (v1/v2).
import { ANY, BOOL, INT, NULL, OCT, choice, enm, f, o, seq, type ArgType } from '../../../sigtran/codec/index.js';
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


export const SM_TYPES: Readonly<Record<string, ArgType>> = {
  'RoutingInfoForSM-Arg': { ty: SRI_SM_ARG },
  'RoutingInfoForSM-Res': { ty: SRI_SM_RES },
  'MO-ForwardSM-Arg': { ty: MO_FSM_ARG },
  'MO-ForwardSM-Res': { ty: FSM_RES },
  'MT-ForwardSM-Arg': { ty: MT_FSM_ARG },
  'MT-ForwardSM-Res': { ty: FSM_RES },
  'ForwardSM-Arg': { ty: FORWARD_SM_ARG_V2 },
};
