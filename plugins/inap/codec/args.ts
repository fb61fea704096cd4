// Argument and result types of the INAP CS-1 (ETS 300 374-1) and CAP v2/v3/v4 (TS 29.078) operations the tester
// plays, per variant, as descriptors. Tags follow the ASN.1 modules (IMPLICIT TAGS; CHOICEs are explicit).
import { ANY, BOOL, IA5, NULL, OCT, choice, contain, enm, f, int, o, oa, oct, seq, seqOf, size, type ArgType, type Ty } from '../../sigtran/codec/index.js';
import type { Variant } from './variants.js';
import { GPRS_ARG_TYPES, GPRS_ONLY_IN } from './gprs.js';
import { SMS_ARG_TYPES, SMS_ONLY_IN } from './sms.js';
import { AOCSubsequent, AlertingPattern, CAI_GSM0224, ApplicationTimer, CallingPartysCategory, Duration, Extensions, HighLayerCompatibility, Integer4, Interval, InvokeID, LegID, LocationInformation, MiscCallInfo, MonitorMode, ReceivingSideID, RedirectionInformation, SendingSideID, ServiceKey, T } from './common.js';

const EVENT_TYPE_CS1: Record<number, string> = {
  1: 'origAttemptAuthorized', 2: 'collectedInfo', 3: 'analysedInformation', 4: 'routeSelectFailure', 5: 'oCalledPartyBusy',
  6: 'oNoAnswer', 7: 'oAnswer', 8: 'oMidCall', 9: 'oDisconnect', 10: 'oAbandon', 12: 'termAttemptAuthorized',
  13: 'tCalledPartyBusy', 14: 'tNoAnswer', 15: 'tAnswer', 16: 'tMidCall', 17: 'tDisconnect', 18: 'tAbandon',
};
const EVENT_TYPE_CAP: Record<number, string> = {
  2: 'collectedInfo', 3: 'analyzedInformation', 4: 'routeSelectFailure', 5: 'oCalledPartyBusy', 6: 'oNoAnswer',
  7: 'oAnswer', 8: 'oMidCall', 9: 'oDisconnect', 10: 'oAbandon', 12: 'termAttemptAuthorized', 13: 'tBusy',
  14: 'tNoAnswer', 15: 'tAnswer', 16: 'tMidCall', 17: 'tDisconnect', 18: 'tAbandon', 19: 'oTermSeized',
  27: 'callAccepted', 50: 'oChangeOfPosition', 51: 'tChangeOfPosition', 52: 'oServiceChange', 53: 'tServiceChange',
};
const EVENT_ALIASES = { analysedInformation: 3, analyzedInformation: 3, tBusy: 13, tCalledPartyBusy: 13 };
const eventType = (v: Variant): Ty => enm(v === 'cs1' ? EVENT_TYPE_CS1 : EVENT_TYPE_CAP, EVENT_ALIASES);
const RequestedInformationType = (v: Variant): Ty =>
  enm(v === 'cs1' ? { 0: 'callAttemptElapsedTime', 1: 'callStopTime', 2: 'callConnectedElapsedTime', 3: 'calledAddress', 30: 'releaseCause' } : { 0: 'callAttemptElapsedTime', 1: 'callStopTime', 2: 'callConnectedElapsedTime', 30: 'releaseCause' });

const BCSMEvent = (v: Variant): Ty =>
  seq(
    f('eventTypeBCSM', 0, eventType(v)),
    f('monitorMode', 1, MonitorMode),
    o('legID', 2, LegID),
    o('dpSpecificCriteria', 30, v === 'cs1'
      ? choice(f('numberOfDigits', 0, int(1, 255)), f('applicationTimer', 1, ApplicationTimer))
      : v === 'camel4' ? choice(f('applicationTimer', 1, ApplicationTimer), f('midCallControlInfo', 2, ANY), f('dpSpecificCriteriaAlt', 3, ANY)) : choice(f('applicationTimer', 1, ApplicationTimer))),
    ...(v === 'camel3' || v === 'camel4' ? [o('automaticRearm', 50, NULL)] : []),
  );

const ChargeIndicator = size(OCT, 1);

const EventSpecificInformationBCSM = (v: Variant): Ty => {
  const cap = v !== 'cs1';
  const { Cause, CalledPN } = T(v);
  return choice(
    ...(cap ? [] : [f('collectedInfoSpecificInfo', 0, seq(f('calledPartynumber', 0, CalledPN))), f('analyzedInfoSpecificInfo', 1, seq(f('calledPartynumber', 0, CalledPN)))]),
    f('routeSelectFailureSpecificInfo', 2, seq(o('failureCause', 0, Cause))),
    f('oCalledPartyBusySpecificInfo', 3, seq(o('busyCause', 0, Cause))),
    f('oNoAnswerSpecificInfo', 4, seq()),
    f('oAnswerSpecificInfo', 5, cap ? seq(o('destinationAddress', 50, CalledPN), o('or-Call', 51, NULL), o('forwardedCall', 52, NULL), o('chargeIndicator', 53, ChargeIndicator), o('ext-basicServiceCode', 54, ANY), o('ext-basicServiceCode2', 55, ANY)) : seq()),
    f('oMidCallSpecificInfo', 6, cap ? seq(o('midCallEvents', 1, ANY)) : seq(o('connectTime', 0, Integer4))),
    f('oDisconnectSpecificInfo', 7, cap ? seq(o('releaseCause', 0, Cause)) : seq(o('releaseCause', 0, Cause), o('connectTime', 1, Integer4))),
    f('tBusySpecificInfo', 8, cap ? seq(o('busyCause', 0, Cause), o('callForwarded', 50, NULL), o('routeNotPermitted', 51, NULL), o('forwardingDestinationNumber', 52, CalledPN)) : seq(o('busyCause', 0, Cause))),
    f('tNoAnswerSpecificInfo', 9, cap ? seq(o('callForwarded', 50, NULL), o('forwardingDestinationNumber', 52, CalledPN)) : seq()),
    f('tAnswerSpecificInfo', 10, cap ? seq(o('destinationAddress', 50, CalledPN), o('or-Call', 51, NULL), o('forwardedCall', 52, NULL), o('chargeIndicator', 53, ChargeIndicator)) : seq()),
    f('tMidCallSpecificInfo', 11, cap ? seq(o('midCallEvents', 1, ANY)) : seq(o('connectTime', 0, Integer4))),
    f('tDisconnectSpecificInfo', 12, cap ? seq(o('releaseCause', 0, Cause)) : seq(o('releaseCause', 0, Cause), o('connectTime', 1, Integer4))),
    ...(cap ? [f('oTermSeizedSpecificInfo', 13, seq(o('locationInformation', 50, ANY))), f('callAcceptedSpecificInfo', 20, seq(o('locationInformation', 50, ANY))),
      f('oAbandonSpecificInfo', 21, seq(o('routeNotPermitted', 50, NULL))),
      f('oChangeOfPositionSpecificInfo', 50, seq(o('locationInformation', 50, ANY), o('metDPCriteriaList', 51, ANY))),
      f('tChangeOfPositionSpecificInfo', 51, seq(o('locationInformation', 50, ANY), o('metDPCriteriaList', 51, ANY))),
      f('dpSpecificInfoAlt', 52, ANY)] : []),
  );
};

const Burst = seq(o('numberOfBursts', 0, int(1, 3)), o('burstInterval', 1, int(1, 1200)), o('numberOfTonesInBurst', 2, int(1, 3)), o('toneDuration', 3, int(1, 20)), o('toneInterval', 4, int(1, 20)));
const BurstList = seq(o('warningPeriod', 0, int(1, 1200)), f('bursts', 1, Burst));

const MessageID = (v: Variant): Ty => {
  const cap = v !== 'cs1';
  // CS-1 leaves the text and list bounds to the network; VariablePart date is YYMMDD in CS-1, YYYYMMDD in CAP
  const variablePart = choice(f('integer', 0, Integer4), f('number', 1, T(v).Digits), f('time', 2, size(OCT, 2)), f('date', 3, cap ? size(OCT, 4) : OCT), f('price', 4, size(OCT, 4)));
  return choice(
    f('elementaryMessageID', 0, Integer4),
    f('text', 1, seq(f('messageContent', 0, cap ? size(IA5, 1, 127) : IA5), o('attributes', 1, cap ? size(OCT, 2, 10) : OCT))),
    f('elementaryMessageIDs', 29, cap ? size(seqOf(Integer4), 1, 16) : seqOf(Integer4)),
    f('variableMessage', 30, seq(f('elementaryMessageID', 0, Integer4), f('variableParts', 1, size(seqOf(variablePart), 1, 5)))),
  );
};
const InformationToSend = (v: Variant): Ty =>
  choice(
    f('inbandInfo', 0, seq(f('messageID', 0, MessageID(v)), o('numberOfRepetitions', 1, int(1, 127)), o('duration', 2, int(0, 32767)), o('interval', 3, int(0, 32767)))),
    f('tone', 1, seq(f('toneID', 0, Integer4), o('duration', 1, Integer4))),
    ...(v === 'cs1' ? [f('displayInformation', 2, IA5)] : []),
  );
const CollectedInfo = (v: Variant): Ty => {
  const digit = size(OCT, 1, 2);
  const n = T(v).NbOfDigits;
  return choice(
    f('collectedDigits', 0, seq(
      o('minimumNbOfDigits', 0, n), f('maximumNbOfDigits', 1, n), o('endOfReplyDigit', 2, digit), o('cancelDigit', 3, digit),
      o('startDigit', 4, digit), o('firstDigitTimeOut', 5, int(1, 127)), o('interDigitTimeOut', 6, int(1, 127)),
      o('errorTreatment', 7, enm({ 0: 'stdErrorAndInfo', 1: 'help', 2: 'repeatPrompt' })), o('interruptableAnnInd', 8, BOOL),
      o('voiceInformation', 9, BOOL), o('voiceBack', 10, BOOL),
    )),
  );
};
const RequestedInformation = (v: Variant): Ty => {
  const t = T(v);
  return seq(
    f('requestedInformationType', 0, RequestedInformationType(v)),
    f('requestedInformationValue', 1, choice(
      f('callAttemptElapsedTimeValue', 0, int(0, 255)), f('callStopTimeValue', 1, t.DateAndTime), f('callConnectedElapsedTimeValue', 2, Integer4),
      ...(v === 'cs1' ? [f('calledAddressValue', 3, t.Digits)] : []), f('releaseCauseValue', 30, t.Cause),
    )),
  );
};
/** RequestedInformationList / RequestedInformationTypeList: SIZE (1..numOfInfoItems), 4 in CAP. */
const infoItems = (v: Variant, of: Ty): Ty => (v === 'cs1' ? seqOf(of) : size(seqOf(of), 1, 4));

// ---------------------------------------------------------------- operation arguments

const args = (fields: Parameters<typeof seq>): ArgType => ({ ty: seq(...fields) });

function initialDP(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') {
    return args([
      f('serviceKey', 0, ServiceKey), o('dialledDigits', 1, t.CalledPN), o('calledPartyNumber', 2, t.CalledPN), o('callingPartyNumber', 3, t.CallingPN),
      o('callingPartyBusinessGroupID', 4, OCT), o('callingPartysCategory', 5, CallingPartysCategory), o('callingPartySubaddress', 6, OCT),
      o('cGEncountered', 7, enm()), o('iPSSPCapabilities', 8, t.IPSSPCapabilities), o('iPAvailable', 9, OCT), o('locationNumber', 10, t.CallingPN),
      o('miscCallInfo', 11, MiscCallInfo), o('originalCalledPartyID', 12, t.CallingPN), o('serviceProfileIdentifier', 13, OCT),
      o('terminalType', 14, enm()), o('extensions', 15, Extensions), o('triggerType', 16, enm()), o('highLayerCompatibility', 23, HighLayerCompatibility),
      o('serviceInteractionIndicators', 24, OCT), o('additionalCallingPartyNumber', 25, t.Digits), o('forwardCallIndicators', 26, size(OCT, 2)),
      o('bearerCapability', 27, choice(f('bearerCap', 0, t.BearerCap), f('tmr', 1, size(OCT, 1)))), o('eventTypeBCSM', 28, eventType(v)),
      o('redirectingPartyID', 29, t.CallingPN), o('redirectionInformation', 30, RedirectionInformation),
    ]);
  }
  // LocationInformation, IMSI, CallReferenceNumber, CUG types: TS 29.002 (MAP) types with their SIZEs and ranges
  return args([
    f('serviceKey', 0, ServiceKey), o('calledPartyNumber', 2, t.CalledPN), o('callingPartyNumber', 3, t.CallingPN), o('callingPartysCategory', 5, CallingPartysCategory),
    o('cGEncountered', 7, enm()), o('iPSSPCapabilities', 8, t.IPSSPCapabilities), o('locationNumber', 10, t.CallingPN), o('originalCalledPartyID', 12, t.CallingPN),
    o('extensions', 15, Extensions), o('highLayerCompatibility', 23, HighLayerCompatibility), o('additionalCallingPartyNumber', 25, t.Digits),
    o('bearerCapability', 27, choice(f('bearerCap', 0, t.BearerCap))), o('eventTypeBCSM', 28, eventType(v)), o('redirectingPartyID', 29, t.CallingPN),
    o('redirectionInformation', 30, RedirectionInformation), o('cause', 17, t.Cause), o('serviceInteractionIndicatorsTwo', 32, ANY), o('carrier', 37, t.Carrier),
    o('cug-Index', 45, int(0, 32767)), o('cug-Interlock', 46, size(OCT, 4)), o('cug-OutgoingAccess', 47, NULL), o('iMSI', 50, size(oct('tbcd'), 3, 8)),
    o('subscriberState', 51, ANY),
    o('locationInformation', 52, LocationInformation(t)),
    o('ext-basicServiceCode', 53, ANY), o('callReferenceNumber', 54, size(OCT, 1, 8)), o('mscAddress', 55, t.ISDNAddress),
    o('calledPartyBCDNumber', 56, t.CalledPartyBCDNumber), o('timeAndTimezone', 57, size(OCT, 8)), oa('callForwardingSS-Pending', 'gsm-ForwardingPending', 58, NULL),
    o('initialDPArgExtension', 59, ANY),
  ]);
}

function eventReportBCSM(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([f('eventTypeBCSM', 0, eventType(v)), o('bcsmEventCorrelationID', 1, T(v).Digits), o('eventSpecificInformationBCSM', 2, EventSpecificInformationBCSM(v)),
      o('legID', 3, LegID), o('miscCallInfo', 4, MiscCallInfo), o('extensions', 5, Extensions)]);
  }
  return args([f('eventTypeBCSM', 0, eventType(v)), o('eventSpecificInformationBCSM', 2, EventSpecificInformationBCSM(v)),
    o('legID', 3, ReceivingSideID), o('miscCallInfo', 4, MiscCallInfo), o('extensions', 5, Extensions)]);
}

function requestReportBCSMEvent(v: Variant): ArgType {
  if (v === 'cs1') return args([f('bcsmEvents', 0, seqOf(BCSMEvent(v))), o('bcsmEventCorrelationID', 1, T(v).Digits), o('extensions', 2, Extensions)]);
  return args([f('bcsmEvents', 0, size(seqOf(BCSMEvent(v)), 1, 30)), o('extensions', 2, Extensions)]);
}

function applyCharging(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([f('aChBillingChargingCharacteristics', 0, OCT), o('sendCalculationToSCPIndication', 1, BOOL), o('partyToCharge', 2, LegID), o('extensions', 3, Extensions)]);
  }
  const maxCallPeriodDuration = int(1, 864000);
  const tariffSwitchInterval = int(1, 86400);
  // CAP v2 (CamelV2diff): releaseIfdurationExceeded is a SEQUENCE holding tone; CAP v3 (Rel-99/Rel-4): tone [3] BOOLEAN;
  // CAP v4 (Rel-5+): audibleIndicator [3] AudibleIndicator, a CHOICE (explicit: a3 03 01 01 ff). v3 and v4 differ on the wire.
  const tdc = v === 'camel2'
    ? seq(f('maxCallPeriodDuration', 0, maxCallPeriodDuration), o('releaseIfdurationExceeded', 1, seq(o('tone', undefined, BOOL), o('extensions', 10, Extensions))), o('tariffSwitchInterval', 2, tariffSwitchInterval))
    : v === 'camel3'
      ? seq(f('maxCallPeriodDuration', 0, maxCallPeriodDuration), o('releaseIfdurationExceeded', 1, BOOL), o('tariffSwitchInterval', 2, tariffSwitchInterval), o('tone', 3, BOOL), o('extensions', 4, Extensions))
      : seq(f('maxCallPeriodDuration', 0, maxCallPeriodDuration), o('releaseIfdurationExceeded', 1, BOOL), o('tariffSwitchInterval', 2, tariffSwitchInterval),
        o('audibleIndicator', 3, choice(f('tone', undefined, BOOL), f('burstList', 1, BurstList))), o('extensions', 4, Extensions));
  return args([
    f('aChBillingChargingCharacteristics', 0, size(contain(choice(f('timeDurationCharging', 0, tdc))), 5, 177)),
    o('partyToCharge', 2, SendingSideID), o('extensions', 3, Extensions),
    ...(v === 'camel4' ? [o('aChChargingAddress', 50, ANY)] : []),
  ]);
}

function applyChargingReport(v: Variant): ArgType {
  if (v === 'cs1') return { name: 'CallResult', ty: OCT };
  const timeInformation = choice(f('timeIfNoTariffSwitch', 0, int(0, 864000)), f('timeIfTariffSwitch', 1, seq(f('timeSinceTariffSwitch', 0, int(0, 864000)), o('tariffSwitchInterval', 1, int(1, 864000)))));
  // CAP v2/v3 name [2]/[3] callActive/callReleasedAtTcpExpiry, CAP v4 legActive/callLegReleasedAtTcpExpiry (each accepts
  // the other's names); aChChargingAddress [5] is CAP v4 (call party handling).
  const res = v === 'camel4'
    ? seq(f('partyToCharge', 0, ReceivingSideID), f('timeInformation', 1, timeInformation), oa('legActive', 'callActive', 2, BOOL),
      oa('callLegReleasedAtTcpExpiry', 'callReleasedAtTcpExpiry', 3, NULL), o('extensions', 4, Extensions), o('aChChargingAddress', 5, ANY))
    : seq(f('partyToCharge', 0, ReceivingSideID), f('timeInformation', 1, timeInformation), oa('callActive', 'legActive', 2, BOOL),
      oa('callReleasedAtTcpExpiry', 'callLegReleasedAtTcpExpiry', 3, NULL), o('extensions', 4, Extensions));
  return { name: 'CallResult', ty: size(contain(choice(f('timeDurationChargingResult', 0, res))), 12, 193) };
}

function callInformationReport(v: Variant): ArgType {
  const list = infoItems(v, RequestedInformation(v));
  if (v === 'cs1') return args([f('requestedInformationList', 0, list), o('correlationID', 1, T(v).Digits), o('extensions', 2, Extensions), o('legID', 3, LegID)]);
  return args([f('requestedInformationList', 0, list), o('extensions', 2, Extensions), o('legID', 3, ReceivingSideID)]);
}

function callInformationRequest(v: Variant): ArgType {
  const list = infoItems(v, RequestedInformationType(v));
  if (v === 'cs1') return args([f('requestedInformationTypeList', 0, list), o('correlationID', 1, T(v).Digits), o('extensions', 2, Extensions), o('legID', 3, LegID)]);
  return args([f('requestedInformationTypeList', 0, list), o('extensions', 2, Extensions), o('legID', 3, SendingSideID)]);
}

function connect(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') {
    return args([
      f('destinationRoutingAddress', 0, seqOf(t.CalledPN)), o('alertingPattern', 1, AlertingPattern), o('correlationID', 2, t.Digits), o('cutAndPaste', 3, int(0, 22)),
      o('forwardingCondition', 4, enm({ 0: 'busy', 1: 'noanswer', 2: 'any' })), o('iSDNAccessRelatedInformation', 5, OCT), o('originalCalledPartyID', 6, t.CallingPN),
      o('routeList', 7, ANY), o('scfID', 8, t.ScfID), o('travellingClassMark', 9, OCT), o('extensions', 10, Extensions), o('carrier', 11, t.Carrier),
      o('serviceInteractionIndicators', 26, OCT), o('callingPartyNumber', 27, t.CallingPN), o('callingPartysCategory', 28, CallingPartysCategory),
      o('redirectingPartyID', 29, t.CallingPN), o('redirectionInformation', 30, RedirectionInformation),
    ]);
  }
  return args([
    f('destinationRoutingAddress', 0, size(seqOf(t.CalledPN), 1)), o('alertingPattern', 1, AlertingPattern), o('originalCalledPartyID', 6, t.CallingPN),
    o('extensions', 10, Extensions), o('carrier', 11, t.Carrier), o('callingPartysCategory', 28, CallingPartysCategory), o('redirectingPartyID', 29, t.CallingPN),
    o('redirectionInformation', 30, RedirectionInformation), o('genericNumbers', 14, ANY), o('serviceInteractionIndicatorsTwo', 15, ANY), o('chargeNumber', 19, t.CallingPN),
    o('legToBeConnected', 21, LegID), o('cug-Interlock', 31, size(OCT, 4)), o('cug-OutgoingAccess', 32, NULL), o('suppressionOfAnnouncement', 55, NULL),
    o('oCSIApplicable', 56, NULL), oa('naOliInfo', 'na-Info', 57, size(OCT, 1)), o('bor-InterrogationRequested', 58, NULL), o('suppress-N-CSI', 59, NULL),
  ]);
}

function releaseCall(v: Variant): ArgType {
  const { Cause } = T(v);
  if (v !== 'camel4') return { name: 'initialCallSegment', ty: Cause };
  return { ty: choice(f('initialCallSegment', undefined, Cause), f('allCallSegmentsWithExtension', 2, seq(f('allCallSegments', 0, Cause), o('extensions', 1, Extensions)))) };
}

function furnishChargingInformation(v: Variant): ArgType {
  if (v === 'cs1') return { name: 'FCIBillingChargingCharacteristics', ty: OCT };
  const s1 = seq(f('freeFormatData', 0, size(OCT, 1, 160)), o('partyToCharge', 1, SendingSideID), ...(v === 'camel2' ? [] : [o('appendFreeFormatData', 2, enm({ 0: 'overwrite', 1: 'append' }))]));
  return { name: 'FCIBillingChargingCharacteristics', ty: size(contain(choice(f('fCIBCCCAMELsequence1', 0, s1))), 5, 225) };
}

function connectToResource(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') {
    return args([
      f('resourceAddress', undefined, choice(f('ipRoutingAddress', 0, t.CalledPN), f('legID', 1, LegID), f('both', 2, seq(f('ipRoutingAddress', 0, t.CalledPN), f('legID', 1, LegID))), f('none', 3, NULL))),
      o('extensions', 4, Extensions), o('serviceInteractionIndicators', 30, OCT),
    ]);
  }
  return args([
    f('resourceAddress', undefined, choice(f('ipRoutingAddress', 0, t.CalledPN), f('none', 3, NULL))),
    o('extensions', 4, Extensions), o('serviceInteractionIndicatorsTwo', 7, ANY), o('callSegmentID', 50, t.CallSegmentID),
  ]);
}

function establishTemporaryConnection(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') {
    return args([f('assistingSSPIPRoutingAddress', 0, t.Digits), o('correlationID', 1, t.Digits), o('scfID', 3, t.ScfID), o('extensions', 4, Extensions),
      o('carrier', 5, t.Carrier), o('serviceInteractionIndicators', 30, OCT)]);
  }
  if (v === 'camel2') {
    return args([f('assistingSSPIPRoutingAddress', 0, t.Digits), o('correlationID', 1, t.Digits), o('scfID', 3, t.ScfID), o('extensions', 4, Extensions),
      o('serviceInteractionIndicatorsTwo', 7, ANY), o('na-info', 50, ANY)]);
  }
  return args([f('assistingSSPIPRoutingAddress', 0, t.Digits), o('correlationID', 1, t.Digits), o('scfID', 3, t.ScfID), o('extensions', 4, Extensions),
    o('carrier', 5, t.Carrier), o('serviceInteractionIndicatorsTwo', 6, ANY), o('callSegmentID', 7, t.CallSegmentID), o('naOliInfo', 50, size(OCT, 1)),
    o('chargeNumber', 51, t.CallingPN), o('originalCalledPartyID', 52, t.CallingPN), o('callingPartyNumber', 53, t.CallingPN)]);
}

function disconnectLeg(v: Variant): ArgType {
  return args([f('legToBeReleased', 0, LegID), o('releaseCause', 1, T(v).Cause), o('extensions', 2, Extensions)]);
}

function playAnnouncement(v: Variant): ArgType {
  return args([
    f('informationToSend', 0, InformationToSend(v)), o('disconnectFromIPForbidden', 1, BOOL),
    v === 'camel4' ? oa('requestAnnouncementCompleteNotification', 'requestAnnouncementComplete', 2, BOOL) : oa('requestAnnouncementComplete', 'requestAnnouncementCompleteNotification', 2, BOOL),
    o('extensions', 3, Extensions),
    ...(v === 'camel3' || v === 'camel4' ? [o('callSegmentID', 5, T(v).CallSegmentID)] : []),
    ...(v === 'camel4' ? [o('requestAnnouncementStartedNotification', 51, BOOL)] : []),
  ]);
}

function promptAndCollectUserInformation(v: Variant): ArgType {
  return args([
    f('collectedInfo', 0, CollectedInfo(v)), o('disconnectFromIPForbidden', 1, BOOL), o('informationToSend', 2, InformationToSend(v)),
    o('extensions', 3, Extensions),
    ...(v === 'camel3' || v === 'camel4' ? [o('callSegmentID', 4, T(v).CallSegmentID)] : []),
    ...(v === 'camel4' ? [o('requestAnnouncementStartedNotification', 51, BOOL)] : []),
  ]);
}

function promptAndCollectUserInformationResult(v: Variant): ArgType {
  return { ty: choice(f('digitsResponse', 0, T(v).GenericDigits), ...(v === 'cs1' ? [f('iA5Response', 1, IA5)] : [])) };
}

function assistRequestInstructions(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') return args([f('correlationID', 0, t.Digits), o('iPAvailable', 1, OCT), o('iPSSPCapabilities', 2, t.IPSSPCapabilities), o('extensions', 3, Extensions)]);
  // iPSSPCapabilities is mandatory in CAP; the operation supplies a default when the definition gives none.
  return args([f('correlationID', 0, t.Digits), f('iPSSPCapabilities', 2, t.IPSSPCapabilities), o('extensions', 3, Extensions)]);
}

function specializedResourceReport(v: Variant): ArgType {
  if (v !== 'camel4') return { name: 'specializedResourceReport', ty: NULL };
  return { ty: choice(f('allAnnouncementsComplete', 50, NULL), f('firstAnnouncementStarted', 51, NULL)) };
}

function resetTimer(v: Variant): ArgType {
  return args([o('timerID', 0, enm({ 0: 'tssf' })), f('timervalue', 1, Integer4), o('extensions', 2, Extensions), ...(v === 'cs1' ? [] : [o('callSegmentID', 3, T(v).CallSegmentID)])]);
}

function continueWithArgument(v: Variant): ArgType {
  const t = T(v);
  return args([
    o('alertingPattern', 1, AlertingPattern), o('extensions', 6, Extensions), o('serviceInteractionIndicatorsTwo', 7, ANY), o('callingPartysCategory', 12, CallingPartysCategory),
    o('genericNumbers', 16, ANY), o('cug-Interlock', 17, size(OCT, 4)), o('cug-OutgoingAccess', 18, NULL), o('chargeNumber', 50, t.CallingPN), o('carrier', 52, t.Carrier),
    o('suppressionOfAnnouncement', 55, NULL), o('naOliInfo', 56, size(OCT, 1)), o('bor-InterrogationRequested', 57, NULL), o('suppress-O-CSI', 58, NULL),
    o('continueWithArgumentArgExtension', 59, ANY),
  ]);
}

function disconnectForwardConnectionWithArgument(v: Variant): ArgType {
  return args([o('callSegmentID', 1, T(v).CallSegmentID), o('extensions', 2, Extensions)]);
}

function cancel(v: Variant): ArgType {
  return {
    ty: choice(f('invokeID', 0, InvokeID), f('allRequests', 1, NULL),
      ...(v === 'camel4' ? [f('callSegmentToCancel', 2, seq(o('invokeID', 0, InvokeID), o('callSegmentID', 1, T(v).CallSegmentID)))] : [])),
  };
}

// CallGap (41): ETS 300 374-1 / TS 29.078. gapCriteria [0] is a CHOICE (explicit); CAP nests the basic criteria
// in an untagged CHOICE `basicGapCriteria` next to `compoundGapCriteria`.
function callGap(v: Variant): ArgType {
  const cs1 = v === 'cs1';
  const t = T(v);
  const basic = choice(
    f('calledAddressValue', 0, t.Digits),
    f('gapOnService', 2, cs1 ? seq(f('serviceKey', 0, ServiceKey), o('dpCriteria', 1, eventType(v))) : seq(f('serviceKey', 0, ServiceKey))),
    f('calledAddressAndService', 29, seq(f('calledAddressValue', 0, t.Digits), f('serviceKey', 1, ServiceKey))),
    f('callingAddressAndService', 30, cs1
      ? seq(f('callingAddressValue', 0, t.Digits), f('serviceKey', 1, ServiceKey), o('locationNumber', 2, t.CallingPN))
      : seq(f('callingAddressValue', 0, t.Digits), f('serviceKey', 1, ServiceKey))),
  );
  const gapCriteria = cs1 ? basic : choice(f('basicGapCriteria', undefined, basic), f('compoundGapCriteria', 1, seq(f('basicGapCriteria', 0, basic), o('scfID', 1, t.ScfID))));
  const gapTreatment = cs1
    ? choice(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, t.Cause), f('both', 2, seq(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, t.Cause))))
    : choice(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, t.Cause));
  return args([
    f('gapCriteria', 0, gapCriteria),
    f('gapIndicators', 1, seq(f('duration', 0, Duration), f('gapInterval', 1, Interval))),
    o('controlType', 2, enm(cs1 ? { 0: 'sCPOverloaded', 1: 'manuallyInitiated', 2: 'destinationOverload' } : { 0: 'sCPOverloaded', 1: 'manuallyInitiated' })),
    o('gapTreatment', 3, gapTreatment),
    o('extensions', 4, Extensions),
  ]);
}

// SendChargingInformation (46): CS-1 SCIBillingChargingCharacteristics is network-specific (hex) and partyToCharge a
// LegID; CAP holds CAMEL-SCIBillingChargingCharacteristics (AOC, TS 29.078 / GSM 02.24 e-parameters).
function sendChargingInformation(v: Variant): ArgType {
  if (v === 'cs1') return args([f('sCIBillingChargingCharacteristics', 0, OCT), f('partyToCharge', 1, LegID), o('extensions', 2, Extensions)]);
  const cai = CAI_GSM0224;
  const subsequent = AOCSubsequent;
  const sci = choice(
    f('aOCBeforeAnswer', 0, seq(f('aOCInitial', 0, cai), o('aOCSubsequent', 1, subsequent))),
    f('aOCAfterAnswer', 1, subsequent),
    ...(v === 'camel2' ? [] : [f('aOC-extension', 2, ANY)]),
  );
  return args([f('sCIBillingChargingCharacteristics', 0, size(contain(sci), 4, 225)), f('partyToCharge', 1, SendingSideID), o('extensions', 2, Extensions)]);
}

// InitiateCallAttempt (32): CS-1 and CAP v4 only.
function initiateCallAttempt(v: Variant): ArgType {
  const t = T(v);
  if (v === 'cs1') {
    return args([
      f('destinationRoutingAddress', 0, seqOf(t.CalledPN)), o('alertingPattern', 1, AlertingPattern), o('iSDNAccessRelatedInformation', 2, OCT),
      o('travellingClassMark', 3, OCT), o('extensions', 4, Extensions), o('serviceInteractionIndicators', 29, OCT), o('callingPartyNumber', 30, t.CallingPN),
    ]);
  }
  return args([
    f('destinationRoutingAddress', 0, size(seqOf(t.CalledPN), 1)), o('extensions', 4, Extensions), o('legToBeCreated', 5, LegID), o('newCallSegment', 6, t.CallSegmentID),
    o('callingPartyNumber', 30, t.CallingPN), o('callReferenceNumber', 51, size(OCT, 1, 8)), o('gsmSCFAddress', 52, t.ISDNAddress), o('suppress-T-CSI', 53, NULL),
  ]);
}

/** Argument type builders by operation name; operations without an argument are absent. */
export const ARG_TYPES: Readonly<Record<string, (v: Variant) => ArgType>> = {
  InitialDP: initialDP,
  EventReportBCSM: eventReportBCSM,
  RequestReportBCSMEvent: requestReportBCSMEvent,
  ApplyCharging: applyCharging,
  ApplyChargingReport: applyChargingReport,
  CallInformationReport: callInformationReport,
  CallInformationRequest: callInformationRequest,
  Connect: connect,
  ReleaseCall: releaseCall,
  FurnishChargingInformation: furnishChargingInformation,
  ConnectToResource: connectToResource,
  EstablishTemporaryConnection: establishTemporaryConnection,
  DisconnectLeg: disconnectLeg,
  PlayAnnouncement: playAnnouncement,
  PromptAndCollectUserInformation: promptAndCollectUserInformation,
  AssistRequestInstructions: assistRequestInstructions,
  SpecializedResourceReport: specializedResourceReport,
  ResetTimer: resetTimer,
  Cancel: cancel,
  ContinueWithArgument: continueWithArgument,
  DisconnectForwardConnectionWithArgument: disconnectForwardConnectionWithArgument,
  CallGap: callGap,
  SendChargingInformation: sendChargingInformation,
  InitiateCallAttempt: initiateCallAttempt,
  ...SMS_ARG_TYPES,
  ...GPRS_ARG_TYPES,
};

/** Result types (ReturnResult parameter) by operation name. */
export const RESULT_TYPES: Readonly<Record<string, (v: Variant) => ArgType>> = {
  PromptAndCollectUserInformation: promptAndCollectUserInformationResult,
};

/**
 * Operations only some variants define (the contracts of TS 29.078 per phase and ETS 300 374-1); the others exist in
 * every variant. InitiateCallAttempt
 * is CS-1 and CAP v4; CallGap is CS-1 and CAP v3+; ContinueWithArgument CAP v3+; DisconnectForwardConnectionWithArgument
 * and DisconnectLeg (call party handling) CAP v4; the SMS operations CAP v3 and v4 (sms.ts), the GPRS ones CAP v3 (gprs.ts).
 */
export const ONLY_IN: Readonly<Record<string, readonly Variant[]>> = {
  InitiateCallAttempt: ['cs1', 'camel4'],
  CallGap: ['cs1', 'camel3', 'camel4'],
  ContinueWithArgument: ['camel3', 'camel4'],
  DisconnectForwardConnectionWithArgument: ['camel4'],
  DisconnectLeg: ['camel4'],
  ...SMS_ONLY_IN,
  ...GPRS_ONLY_IN,
};

/** Whether `op` exists in `variant` (the tester refuses to send it in a dialogue of another variant). */
export function definedIn(op: string, variant: Variant): boolean {
  return ONLY_IN[op]?.includes(variant) ?? true;
}

// By operation, then variant (no key string built per call: argType runs for every message of every instance).
const argCache = new Map<string, Map<Variant, ArgType>>();
const resultCache = new Map<string, Map<Variant, ArgType>>();
/** The (cached) argument type of `op` in `variant`, or undefined when the operation carries no argument. */
export function argType(op: string, variant: Variant, result = false): ArgType | undefined {
  const cache = result ? resultCache : argCache;
  let byVariant = cache.get(op);
  let t = byVariant?.get(variant);
  if (t === undefined) {
    const b = (result ? RESULT_TYPES : ARG_TYPES)[op];
    if (!b) return undefined;
    t = b(variant);
    if (!byVariant) cache.set(op, (byVariant = new Map()));
    byVariant.set(variant, t);
  }
  return t;
}
