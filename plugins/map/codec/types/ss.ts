// MAP-SS-DataTypes (TS 29.002 §17.7.4): USSD (processUnstructuredSS-Request, unstructuredSS-Request/-Notify) and
// the supplementary service operations registerSS, eraseSS, activateSS, deactivateSS and interrogateSS.
import { ANY, INT, NULL, OCT, choice, f, o, octf, seq, seqOf, type ArgType } from '../../../sigtran/codec/index.js';
import { cbsDcs } from '../dcs.js';
import { BasicServiceCode, ISDN, SS_CODE, U } from './common.js';
import { SubscriptionOption } from './ms-subscriber-data.js';

const USSD_DCS = octf(cbsDcs);
// The anchor spells the USSD fields without the ASN.1 hyphen (ussdString, ussdDataCodingScheme).
const USSD_ARG = seq(f('ussdDataCodingScheme', U, USSD_DCS), f('ussdString', U, OCT), o('alertingPattern', U, OCT), o('msisdn', 0, ISDN));
const USSD_RES = seq(f('ussdDataCodingScheme', U, USSD_DCS), f('ussdString', U, OCT));

const REGISTER_SS_ARG = seq(
  f('ss-Code', U, SS_CODE), o('basicService', U, BasicServiceCode), o('forwardedToNumber', 4, ISDN), o('forwardedToSubaddress', 6, OCT),
  o('noReplyConditionTime', 5, INT), o('defaultPriority', 7, INT), o('nbrUser', 8, INT), o('longFTN-Supported', 9, NULL),
);
/** SS-ForBS-Code: a supplementary service, for one basic service group or all. */
export const SS_FOR_BS_CODE = seq(f('ss-Code', U, SS_CODE), o('basicService', U, BasicServiceCode), o('longFTN-Supported', 4, NULL));
const ForwardingFeature = seq(
  o('basicService', U, BasicServiceCode), o('ss-Status', 4, SS_CODE), o('forwardedToNumber', 5, ISDN), o('forwardedToSubaddress', 8, OCT),
  o('forwardingOptions', 6, OCT), o('noReplyConditionTime', 7, INT), o('longForwardedToNumber', 9, OCT),
);
const BasicServiceGroupList = seqOf(BasicServiceCode);
const SS_INFO = choice(
  f('forwardingInfo', 0, seq(o('ss-Code', U, SS_CODE), f('forwardingFeatureList', U, seqOf(ForwardingFeature)))),
  f('callBarringInfo', 1, seq(o('ss-Code', U, SS_CODE), f('callBarringFeatureList', U, seqOf(seq(o('basicService', U, BasicServiceCode), o('ss-Status', 4, SS_CODE)))))),
  f('ss-Data', 3, seq(o('ss-Code', U, SS_CODE), o('ss-Status', 4, SS_CODE), o('ss-SubscriptionOption', U, SubscriptionOption),
    o('basicServiceGroupList', U, BasicServiceGroupList), o('defaultPriority', U, INT), o('nbrUser', 5, INT))),
);
const INTERROGATE_SS_RES = choice(
  f('ss-Status', 0, SS_CODE), f('basicServiceGroupList', 2, BasicServiceGroupList), f('forwardingFeatureList', 3, seqOf(ForwardingFeature)),
  f('genericServiceInfo', 4, ANY),
);

export const SS_TYPES: Readonly<Record<string, ArgType>> = {
  'USSD-Arg': { ty: USSD_ARG },
  'USSD-Res': { ty: USSD_RES },
  'RegisterSS-Arg': { ty: REGISTER_SS_ARG },
  'SS-ForBS-Code': { ty: SS_FOR_BS_CODE },
  'SS-Info': { ty: SS_INFO },
  'InterrogateSS-Res': { ty: INTERROGATE_SS_RES },
};
