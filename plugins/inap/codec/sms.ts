// Argument types of CAMEL SMS control (TS 29.078 clause 7, CAP-SMS-ops-args; CAP v3 SMS and CAP v4 SMS): the
// SMS-SSF of the MSC or SGSN (the tester's `ssp` role) towards the gsmSCF. IMPLICIT TAGS; CHOICEs are explicit.
// CAP v4 adds the MT-SMS events (sms-DeliveryRequested, t-smsFailure, t-smsDelivery) and their specific
// information; the members added to InitialDPSMSArg after its extension marker are accepted in both versions (a
// peer ignores a member it does not know).
import { OCT, choice, contain, enm, f, o, oct, seq, seqOf, size, type ArgType, type Ty } from '../../sigtran/codec/index.js';
import { Extensions, Integer4, LocationInformation, LocationInformationGPRS, MiscCallInfo, MonitorMode, ServiceKey, T } from './common.js';
import type { Variant } from './variants.js';

const EVENT_TYPE_SMS_V3: Record<number, string> = { 1: 'sms-CollectedInfo', 2: 'o-smsFailure', 3: 'o-smsSubmission' };
const EVENT_TYPE_SMS_V4: Record<number, string> = { ...EVENT_TYPE_SMS_V3, 11: 'sms-DeliveryRequested', 12: 't-smsFailure', 13: 't-smsDelivery' };
const EventTypeSMS = (v: Variant): Ty => enm(v === 'camel4' ? EVENT_TYPE_SMS_V4 : EVENT_TYPE_SMS_V3);

/** SMS-AddressString: an AddressString of at most maxSMS-AddressStringLength (11) octets. */
const SMSAddressString = size(oct('addressString'), 1, 11);
/** MO-SMSCause (TS 29.078) of an o-smsFailure report. */
const MOSMSCause = enm({ 0: 'systemFailure', 1: 'unexpectedDataValue', 2: 'facilityNotSupported', 3: 'sM-DeliveryFailure', 4: 'releaseFromRadioInterface' });
const octet = size(OCT, 1);

const EventSpecificInformationSMS = (v: Variant): Ty =>
  choice(
    f('o-smsFailureSpecificInfo', 0, seq(o('failureCause', 0, MOSMSCause))),
    f('o-smsSubmissionSpecificInfo', 1, seq()),
    ...(v === 'camel4' ? [f('t-smsFailureSpecificInfo', 2, seq(o('failureCause', 0, octet))), f('t-smsDeliverySpecificInfo', 3, seq())] : []),
  );

const args = (fields: Parameters<typeof seq>): ArgType => ({ ty: seq(...fields) });

function initialDPSMS(v: Variant): ArgType {
  const t = T(v);
  return args([
    f('serviceKey', 0, ServiceKey), o('destinationSubscriberNumber', 1, t.CalledPartyBCDNumber), o('callingPartyNumber', 2, SMSAddressString),
    o('eventTypeSMS', 3, EventTypeSMS(v)), o('iMSI', 4, size(oct('tbcd'), 3, 8)), o('locationInformationMSC', 5, LocationInformation(t)),
    o('locationInformationGPRS', 6, LocationInformationGPRS), o('sMSCAddress', 7, t.ISDNAddress), o('timeAndTimezone', 8, size(OCT, 8)),
    o('tPShortMessageSpecificInfo', 9, octet), o('tPProtocolIdentifier', 10, octet), o('tPDataCodingScheme', 11, octet),
    o('tPValidityPeriod', 12, size(OCT, 1, 7)), o('extensions', 13, Extensions),
    o('smsReferenceNumber', 14, size(OCT, 1, 8)), o('mscAddress', 15, t.ISDNAddress), o('sgsn-Number', 16, t.ISDNAddress),
    o('ms-Classmark2', 17, size(OCT, 3)), o('gPRSMSClass', 18, seq(f('mSNetworkCapability', 0, size(OCT, 1, 8)), o('mSRadioAccessCapability', 1, size(OCT, 1, 50)))),
    o('iMEI', 19, size(oct('tbcd'), 8)), o('calledPartyNumber', 20, t.ISDNAddress),
  ]);
}

function connectSMS(v: Variant): ArgType {
  const t = T(v);
  return args([o('callingPartysNumber', 0, SMSAddressString), o('destinationSubscriberNumber', 1, t.CalledPartyBCDNumber), o('sMSCAddress', 2, t.ISDNAddress), o('extensions', 10, Extensions)]);
}

function eventReportSMS(v: Variant): ArgType {
  return args([f('eventTypeSMS', 0, EventTypeSMS(v)), o('eventSpecificInformationSMS', 1, EventSpecificInformationSMS(v)), o('miscCallInfo', 2, MiscCallInfo), o('extensions', 10, Extensions)]);
}

function requestReportSMSEvent(v: Variant): ArgType {
  // numOfSMSEvents: 10 (cAPSpecificBoundSet)
  return args([f('sMSEvents', 0, size(seqOf(seq(f('eventTypeSMS', 0, EventTypeSMS(v)), f('monitorMode', 1, MonitorMode))), 1, 10)), o('extensions', 10, Extensions)]);
}

/** FCISMSBillingChargingCharacteristics: an OCTET STRING (5..225) holding CAMEL-FCISMSBillingChargingCharacteristics. */
function furnishChargingInformationSMS(_v: Variant): ArgType {
  const s1 = seq(f('freeFormatData', 0, size(OCT, 1, 160)), o('appendFreeFormatData', 1, enm({ 0: 'overwrite', 1: 'append' })));
  return { name: 'FCISMSBillingChargingCharacteristics', ty: size(contain(choice(f('fCIBCCCAMELsequence1', 0, s1))), 5, 225) };
}

/** ReleaseSMSArg ::= RPCause, one octet (TS 24.011 RP-Cause value). */
function releaseSMS(_v: Variant): ArgType {
  return { name: 'rPCause', ty: octet };
}

function resetTimerSMS(_v: Variant): ArgType {
  return args([o('timerID', 0, enm({ 0: 'tssf' })), f('timervalue', 1, Integer4), o('extensions', 2, Extensions)]);
}

/** The SMS operations' argument types (ContinueSMS has none). */
export const SMS_ARG_TYPES: Readonly<Record<string, (v: Variant) => ArgType>> = {
  InitialDPSMS: initialDPSMS,
  ConnectSMS: connectSMS,
  EventReportSMS: eventReportSMS,
  RequestReportSMSEvent: requestReportSMSEvent,
  FurnishChargingInformationSMS: furnishChargingInformationSMS,
  ReleaseSMS: releaseSMS,
  ResetTimerSMS: resetTimerSMS,
};

/** CAP v3 SMS and CAP v4 SMS (the contexts camel3_sms / camel4_sms select those variants). */
export const SMS_ONLY_IN: Readonly<Record<string, readonly Variant[]>> = Object.fromEntries([...Object.keys(SMS_ARG_TYPES), 'ContinueSMS'].map((op) => [op, ['camel3', 'camel4'] as const]));
