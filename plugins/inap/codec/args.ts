// Argument and result types of the INAP CS-1 (ETS 300 374-1) and CAP v2/v3/v4 (TS 29.078) operations the tester
// plays, per variant, as descriptors. Tags follow the ASN.1 modules (IMPLICIT TAGS; CHOICEs are explicit).
import { ANY, BOOL, EXT, IA5, INT, NULL, OCT, choice, contain, enm, f, o, oa, oct, seq, seqOf, type ArgType, type Ty } from '../../sigtran/codec/index.js';
import type { Variant } from './variants.js';

// ---------------------------------------------------------------- common data types
const Cause = oct('cause');
const CalledPN = oct('calledNumber');
const CallingPN = oct('callingNumber');
const Digits = oct('genericNumber');
const AddressString = oct('addressString');
const LegID = choice(f('sendingSideID', 0, OCT), f('receivingSideID', 1, OCT));
const SendingSideID = choice(f('sendingSideID', 0, OCT));
const ReceivingSideID = choice(f('receivingSideID', 1, OCT));
const Extensions = EXT;

export const EVENT_TYPE_CS1: Record<number, string> = {
  1: 'origAttemptAuthorized', 2: 'collectedInfo', 3: 'analysedInformation', 4: 'routeSelectFailure', 5: 'oCalledPartyBusy',
  6: 'oNoAnswer', 7: 'oAnswer', 8: 'oMidCall', 9: 'oDisconnect', 10: 'oAbandon', 12: 'termAttemptAuthorized',
  13: 'tCalledPartyBusy', 14: 'tNoAnswer', 15: 'tAnswer', 16: 'tMidCall', 17: 'tDisconnect', 18: 'tAbandon',
};
export const EVENT_TYPE_CAP: Record<number, string> = {
  2: 'collectedInfo', 3: 'analyzedInformation', 4: 'routeSelectFailure', 5: 'oCalledPartyBusy', 6: 'oNoAnswer',
  7: 'oAnswer', 8: 'oMidCall', 9: 'oDisconnect', 10: 'oAbandon', 12: 'termAttemptAuthorized', 13: 'tBusy',
  14: 'tNoAnswer', 15: 'tAnswer', 16: 'tMidCall', 17: 'tDisconnect', 18: 'tAbandon', 19: 'oTermSeized',
  27: 'callAccepted', 50: 'oChangeOfPosition', 51: 'tChangeOfPosition', 52: 'oServiceChange', 53: 'tServiceChange',
};
const EVENT_ALIASES = { analysedInformation: 3, analyzedInformation: 3, tBusy: 13, tCalledPartyBusy: 13 };
const eventType = (v: Variant): Ty => enm(v === 'cs1' ? EVENT_TYPE_CS1 : EVENT_TYPE_CAP, EVENT_ALIASES);
const MonitorMode = enm({ 0: 'interrupted', 1: 'notifyAndContinue', 2: 'transparent' });
const MiscCallInfo = seq(f('messageType', 0, enm({ 0: 'request', 1: 'notification' })), o('dpAssignment', 1, enm({ 0: 'individualLine', 1: 'groupBased', 2: 'officeBased' })));
const RequestedInformationType = (v: Variant): Ty =>
  enm(v === 'cs1' ? { 0: 'callAttemptElapsedTime', 1: 'callStopTime', 2: 'callConnectedElapsedTime', 3: 'calledAddress', 30: 'releaseCause' } : { 0: 'callAttemptElapsedTime', 1: 'callStopTime', 2: 'callConnectedElapsedTime', 30: 'releaseCause' });

const BCSMEvent = (v: Variant): Ty =>
  seq(
    f('eventTypeBCSM', 0, eventType(v)),
    f('monitorMode', 1, MonitorMode),
    o('legID', 2, LegID),
    o('dpSpecificCriteria', 30, v === 'cs1'
      ? choice(f('numberOfDigits', 0, INT), f('applicationTimer', 1, INT))
      : v === 'camel4' ? choice(f('applicationTimer', 1, INT), f('midCallControlInfo', 2, ANY), f('dpSpecificCriteriaAlt', 3, ANY)) : choice(f('applicationTimer', 1, INT))),
    ...(v === 'camel3' || v === 'camel4' ? [o('automaticRearm', 50, NULL)] : []),
  );

const EventSpecificInformationBCSM = (v: Variant): Ty => {
  const cap = v !== 'cs1';
  return choice(
    ...(cap ? [] : [f('collectedInfoSpecificInfo', 0, seq(f('calledPartynumber', 0, CalledPN))), f('analyzedInfoSpecificInfo', 1, seq(f('calledPartynumber', 0, CalledPN)))]),
    f('routeSelectFailureSpecificInfo', 2, seq(o('failureCause', 0, Cause))),
    f('oCalledPartyBusySpecificInfo', 3, seq(o('busyCause', 0, Cause))),
    f('oNoAnswerSpecificInfo', 4, seq()),
    f('oAnswerSpecificInfo', 5, cap ? seq(o('destinationAddress', 50, CalledPN), o('or-Call', 51, NULL), o('forwardedCall', 52, NULL), o('chargeIndicator', 53, OCT), o('ext-basicServiceCode', 54, ANY), o('ext-basicServiceCode2', 55, ANY)) : seq()),
    f('oMidCallSpecificInfo', 6, cap ? seq(o('midCallEvents', 1, ANY)) : seq(o('connectTime', 0, INT))),
    f('oDisconnectSpecificInfo', 7, cap ? seq(o('releaseCause', 0, Cause)) : seq(o('releaseCause', 0, Cause), o('connectTime', 1, INT))),
    f('tBusySpecificInfo', 8, cap ? seq(o('busyCause', 0, Cause), o('callForwarded', 50, NULL), o('routeNotPermitted', 51, NULL), o('forwardingDestinationNumber', 52, CalledPN)) : seq(o('busyCause', 0, Cause))),
    f('tNoAnswerSpecificInfo', 9, cap ? seq(o('callForwarded', 50, NULL), o('forwardingDestinationNumber', 52, CalledPN)) : seq()),
    f('tAnswerSpecificInfo', 10, cap ? seq(o('destinationAddress', 50, CalledPN), o('or-Call', 51, NULL), o('forwardedCall', 52, NULL), o('chargeIndicator', 53, OCT)) : seq()),
    f('tMidCallSpecificInfo', 11, cap ? seq(o('midCallEvents', 1, ANY)) : seq(o('connectTime', 0, INT))),
    f('tDisconnectSpecificInfo', 12, cap ? seq(o('releaseCause', 0, Cause)) : seq(o('releaseCause', 0, Cause), o('connectTime', 1, INT))),
    ...(cap ? [f('oTermSeizedSpecificInfo', 13, seq(o('locationInformation', 50, ANY))), f('callAcceptedSpecificInfo', 20, seq(o('locationInformation', 50, ANY))),
      f('oAbandonSpecificInfo', 21, seq(o('routeNotPermitted', 50, NULL))),
      f('oChangeOfPositionSpecificInfo', 50, seq(o('locationInformation', 50, ANY), o('metDPCriteriaList', 51, ANY))),
      f('tChangeOfPositionSpecificInfo', 51, seq(o('locationInformation', 50, ANY), o('metDPCriteriaList', 51, ANY))),
      f('dpSpecificInfoAlt', 52, ANY)] : []),
  );
};

const Burst = seq(o('numberOfBursts', 0, INT), o('burstInterval', 1, INT), o('numberOfTonesInBurst', 2, INT), o('toneDuration', 3, INT), o('toneInterval', 4, INT));
const BurstList = seq(o('warningPeriod', 0, INT), f('bursts', 1, Burst));

const VariablePart = choice(f('integer', 0, INT), f('number', 1, Digits), f('time', 2, OCT), f('date', 3, OCT), f('price', 4, OCT));
const MessageID = choice(
  f('elementaryMessageID', 0, INT),
  f('text', 1, seq(f('messageContent', 0, IA5), o('attributes', 1, OCT))),
  f('elementaryMessageIDs', 29, seqOf(INT)),
  f('variableMessage', 30, seq(f('elementaryMessageID', 0, INT), f('variableParts', 1, seqOf(VariablePart)))),
);
const InformationToSend = (v: Variant): Ty =>
  choice(
    f('inbandInfo', 0, seq(f('messageID', 0, MessageID), o('numberOfRepetitions', 1, INT), o('duration', 2, INT), o('interval', 3, INT))),
    f('tone', 1, seq(f('toneID', 0, INT), o('duration', 1, INT))),
    ...(v === 'cs1' ? [f('displayInformation', 2, IA5)] : []),
  );
const CollectedInfo = choice(
  f('collectedDigits', 0, seq(
    o('minimumNbOfDigits', 0, INT), f('maximumNbOfDigits', 1, INT), o('endOfReplyDigit', 2, OCT), o('cancelDigit', 3, OCT),
    o('startDigit', 4, OCT), o('firstDigitTimeOut', 5, INT), o('interDigitTimeOut', 6, INT),
    o('errorTreatment', 7, enm({ 0: 'stdErrorAndInfo', 1: 'help', 2: 'repeatPrompt' })), o('interruptableAnnInd', 8, BOOL),
    o('voiceInformation', 9, BOOL), o('voiceBack', 10, BOOL),
  )),
);
const RequestedInformation = (v: Variant): Ty => seq(
  f('requestedInformationType', 0, RequestedInformationType(v)),
  f('requestedInformationValue', 1, choice(
    f('callAttemptElapsedTimeValue', 0, INT), f('callStopTimeValue', 1, OCT), f('callConnectedElapsedTimeValue', 2, INT),
    ...(v === 'cs1' ? [f('calledAddressValue', 3, Digits)] : []), f('releaseCauseValue', 30, Cause),
  )),
);

// ---------------------------------------------------------------- operation arguments

const args = (fields: Parameters<typeof seq>): ArgType => ({ ty: seq(...fields) });

function initialDP(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([
      f('serviceKey', 0, INT), o('dialledDigits', 1, CalledPN), o('calledPartyNumber', 2, CalledPN), o('callingPartyNumber', 3, CallingPN),
      o('callingPartyBusinessGroupID', 4, OCT), o('callingPartysCategory', 5, OCT), o('callingPartySubaddress', 6, OCT),
      o('cGEncountered', 7, enm()), o('iPSSPCapabilities', 8, OCT), o('iPAvailable', 9, OCT), o('locationNumber', 10, CallingPN),
      o('miscCallInfo', 11, MiscCallInfo), o('originalCalledPartyID', 12, CallingPN), o('serviceProfileIdentifier', 13, OCT),
      o('terminalType', 14, enm()), o('extensions', 15, Extensions), o('triggerType', 16, enm()), o('highLayerCompatibility', 23, OCT),
      o('serviceInteractionIndicators', 24, OCT), o('additionalCallingPartyNumber', 25, Digits), o('forwardCallIndicators', 26, OCT),
      o('bearerCapability', 27, choice(f('bearerCap', 0, OCT), f('tmr', 1, OCT))), o('eventTypeBCSM', 28, eventType(v)),
      o('redirectingPartyID', 29, CallingPN), o('redirectionInformation', 30, OCT),
    ]);
  }
  return args([
    f('serviceKey', 0, INT), o('calledPartyNumber', 2, CalledPN), o('callingPartyNumber', 3, CallingPN), o('callingPartysCategory', 5, OCT),
    o('cGEncountered', 7, enm()), o('iPSSPCapabilities', 8, OCT), o('locationNumber', 10, CallingPN), o('originalCalledPartyID', 12, CallingPN),
    o('extensions', 15, Extensions), o('highLayerCompatibility', 23, OCT), o('additionalCallingPartyNumber', 25, Digits),
    o('bearerCapability', 27, choice(f('bearerCap', 0, OCT))), o('eventTypeBCSM', 28, eventType(v)), o('redirectingPartyID', 29, CallingPN),
    o('redirectionInformation', 30, OCT), o('cause', 17, Cause), o('serviceInteractionIndicatorsTwo', 32, ANY), o('carrier', 37, OCT),
    o('cug-Index', 45, INT), o('cug-Interlock', 46, OCT), o('cug-OutgoingAccess', 47, NULL), o('iMSI', 50, oct('tbcd')),
    o('subscriberState', 51, ANY),
    o('locationInformation', 52, seq(o('ageOfLocationInformation', undefined, INT), o('geographicalInformation', 0, OCT),
      o('vlrNumber', 1, AddressString), o('locationNumber', 2, CallingPN), o('cellGlobalIdOrServiceAreaIdOrLAI', 3, ANY), o('extensionContainer', 4, ANY))),
    o('ext-basicServiceCode', 53, ANY), o('callReferenceNumber', 54, OCT), o('mscAddress', 55, AddressString),
    o('calledPartyBCDNumber', 56, AddressString), o('timeAndTimezone', 57, OCT), oa('callForwardingSS-Pending', 'gsm-ForwardingPending', 58, NULL),
    o('initialDPArgExtension', 59, ANY),
  ]);
}

function eventReportBCSM(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([f('eventTypeBCSM', 0, eventType(v)), o('bcsmEventCorrelationID', 1, Digits), o('eventSpecificInformationBCSM', 2, EventSpecificInformationBCSM(v)),
      o('legID', 3, LegID), o('miscCallInfo', 4, MiscCallInfo), o('extensions', 5, Extensions)]);
  }
  return args([f('eventTypeBCSM', 0, eventType(v)), o('eventSpecificInformationBCSM', 2, EventSpecificInformationBCSM(v)),
    o('legID', 3, ReceivingSideID), o('miscCallInfo', 4, MiscCallInfo), o('extensions', 5, Extensions)]);
}

function requestReportBCSMEvent(v: Variant): ArgType {
  if (v === 'cs1') return args([f('bcsmEvents', 0, seqOf(BCSMEvent(v))), o('bcsmEventCorrelationID', 1, Digits), o('extensions', 2, Extensions)]);
  return args([f('bcsmEvents', 0, seqOf(BCSMEvent(v))), o('extensions', 2, Extensions)]);
}

function applyCharging(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([f('aChBillingChargingCharacteristics', 0, OCT), o('sendCalculationToSCPIndication', 1, BOOL), o('partyToCharge', 2, LegID), o('extensions', 3, Extensions)]);
  }
  // CAP v2 (CamelV2diff): releaseIfdurationExceeded is a SEQUENCE holding tone; CAP v3 (Rel-99/Rel-4): tone [3] BOOLEAN;
  // CAP v4 (Rel-5+): audibleIndicator [3] AudibleIndicator, a CHOICE (explicit: a3 03 01 01 ff). v3 and v4 differ on the wire.
  const tdc = v === 'camel2'
    ? seq(f('maxCallPeriodDuration', 0, INT), o('releaseIfdurationExceeded', 1, seq(o('tone', undefined, BOOL), o('extensions', 10, Extensions))), o('tariffSwitchInterval', 2, INT))
    : v === 'camel3'
      ? seq(f('maxCallPeriodDuration', 0, INT), o('releaseIfdurationExceeded', 1, BOOL), o('tariffSwitchInterval', 2, INT), o('tone', 3, BOOL), o('extensions', 4, Extensions))
      : seq(f('maxCallPeriodDuration', 0, INT), o('releaseIfdurationExceeded', 1, BOOL), o('tariffSwitchInterval', 2, INT),
        o('audibleIndicator', 3, choice(f('tone', undefined, BOOL), f('burstList', 1, BurstList))), o('extensions', 4, Extensions));
  return args([
    f('aChBillingChargingCharacteristics', 0, contain(choice(f('timeDurationCharging', 0, tdc)))),
    o('partyToCharge', 2, SendingSideID), o('extensions', 3, Extensions),
    ...(v === 'camel4' ? [o('aChChargingAddress', 50, ANY)] : []),
  ]);
}

function applyChargingReport(v: Variant): ArgType {
  if (v === 'cs1') return { name: 'CallResult', ty: OCT };
  const timeInformation = choice(f('timeIfNoTariffSwitch', 0, INT), f('timeIfTariffSwitch', 1, seq(f('timeSinceTariffSwitch', 0, INT), o('tariffSwitchInterval', 1, INT))));
  // CAP v2/v3 name [2]/[3] callActive/callReleasedAtTcpExpiry, CAP v4 legActive/callLegReleasedAtTcpExpiry (each accepts
  // the other's names); aChChargingAddress [5] is CAP v4 (call party handling).
  const res = v === 'camel4'
    ? seq(f('partyToCharge', 0, ReceivingSideID), f('timeInformation', 1, timeInformation), oa('legActive', 'callActive', 2, BOOL),
      oa('callLegReleasedAtTcpExpiry', 'callReleasedAtTcpExpiry', 3, NULL), o('extensions', 4, Extensions), o('aChChargingAddress', 5, ANY))
    : seq(f('partyToCharge', 0, ReceivingSideID), f('timeInformation', 1, timeInformation), oa('callActive', 'legActive', 2, BOOL),
      oa('callReleasedAtTcpExpiry', 'callLegReleasedAtTcpExpiry', 3, NULL), o('extensions', 4, Extensions));
  return { name: 'CallResult', ty: contain(choice(f('timeDurationChargingResult', 0, res))) };
}

function callInformationReport(v: Variant): ArgType {
  if (v === 'cs1') return args([f('requestedInformationList', 0, seqOf(RequestedInformation(v))), o('correlationID', 1, Digits), o('extensions', 2, Extensions), o('legID', 3, LegID)]);
  return args([f('requestedInformationList', 0, seqOf(RequestedInformation(v))), o('extensions', 2, Extensions), o('legID', 3, ReceivingSideID)]);
}

function callInformationRequest(v: Variant): ArgType {
  if (v === 'cs1') return args([f('requestedInformationTypeList', 0, seqOf(RequestedInformationType(v))), o('correlationID', 1, Digits), o('extensions', 2, Extensions), o('legID', 3, LegID)]);
  return args([f('requestedInformationTypeList', 0, seqOf(RequestedInformationType(v))), o('extensions', 2, Extensions), o('legID', 3, SendingSideID)]);
}

function connect(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([
      f('destinationRoutingAddress', 0, seqOf(CalledPN)), o('alertingPattern', 1, OCT), o('correlationID', 2, Digits), o('cutAndPaste', 3, INT),
      o('forwardingCondition', 4, enm({ 0: 'busy', 1: 'noanswer', 2: 'any' })), o('iSDNAccessRelatedInformation', 5, OCT), o('originalCalledPartyID', 6, CallingPN),
      o('routeList', 7, ANY), o('scfID', 8, OCT), o('travellingClassMark', 9, OCT), o('extensions', 10, Extensions), o('carrier', 11, OCT),
      o('serviceInteractionIndicators', 26, OCT), o('callingPartyNumber', 27, CallingPN), o('callingPartysCategory', 28, OCT),
      o('redirectingPartyID', 29, CallingPN), o('redirectionInformation', 30, OCT),
    ]);
  }
  return args([
    f('destinationRoutingAddress', 0, seqOf(CalledPN)), o('alertingPattern', 1, OCT), o('originalCalledPartyID', 6, CallingPN),
    o('extensions', 10, Extensions), o('carrier', 11, OCT), o('callingPartysCategory', 28, OCT), o('redirectingPartyID', 29, CallingPN),
    o('redirectionInformation', 30, OCT), o('genericNumbers', 14, ANY), o('serviceInteractionIndicatorsTwo', 15, ANY), o('chargeNumber', 19, OCT),
    o('legToBeConnected', 21, LegID), o('cug-Interlock', 31, OCT), o('cug-OutgoingAccess', 32, NULL), o('suppressionOfAnnouncement', 55, NULL),
    o('oCSIApplicable', 56, NULL), oa('naOliInfo', 'na-Info', 57, OCT), o('bor-InterrogationRequested', 58, NULL), o('suppress-N-CSI', 59, NULL),
  ]);
}

function releaseCall(v: Variant): ArgType {
  if (v !== 'camel4') return { name: 'initialCallSegment', ty: Cause };
  return { ty: choice(f('initialCallSegment', undefined, Cause), f('allCallSegmentsWithExtension', 2, seq(f('allCallSegments', 0, Cause), o('extensions', 1, Extensions)))) };
}

function furnishChargingInformation(v: Variant): ArgType {
  if (v === 'cs1') return { name: 'FCIBillingChargingCharacteristics', ty: OCT };
  const s1 = seq(f('freeFormatData', 0, OCT), o('partyToCharge', 1, SendingSideID), ...(v === 'camel2' ? [] : [o('appendFreeFormatData', 2, enm({ 0: 'overwrite', 1: 'append' }))]));
  return { name: 'FCIBillingChargingCharacteristics', ty: contain(choice(f('fCIBCCCAMELsequence1', 0, s1))) };
}

function connectToResource(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([
      f('resourceAddress', undefined, choice(f('ipRoutingAddress', 0, CalledPN), f('legID', 1, LegID), f('both', 2, seq(f('ipRoutingAddress', 0, CalledPN), f('legID', 1, LegID))), f('none', 3, NULL))),
      o('extensions', 4, Extensions), o('serviceInteractionIndicators', 30, OCT),
    ]);
  }
  return args([
    f('resourceAddress', undefined, choice(f('ipRoutingAddress', 0, CalledPN), f('none', 3, NULL))),
    o('extensions', 4, Extensions), o('serviceInteractionIndicatorsTwo', 7, ANY), o('callSegmentID', 50, INT),
  ]);
}

function establishTemporaryConnection(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([f('assistingSSPIPRoutingAddress', 0, Digits), o('correlationID', 1, Digits), o('scfID', 3, OCT), o('extensions', 4, Extensions),
      o('carrier', 5, OCT), o('serviceInteractionIndicators', 30, OCT)]);
  }
  if (v === 'camel2') {
    return args([f('assistingSSPIPRoutingAddress', 0, Digits), o('correlationID', 1, Digits), o('scfID', 3, OCT), o('extensions', 4, Extensions),
      o('serviceInteractionIndicatorsTwo', 7, ANY), o('na-info', 50, ANY)]);
  }
  return args([f('assistingSSPIPRoutingAddress', 0, Digits), o('correlationID', 1, Digits), o('scfID', 3, OCT), o('extensions', 4, Extensions),
    o('carrier', 5, OCT), o('serviceInteractionIndicatorsTwo', 6, ANY), o('callSegmentID', 7, INT), o('naOliInfo', 50, OCT),
    o('chargeNumber', 51, OCT), o('originalCalledPartyID', 52, CallingPN), o('callingPartyNumber', 53, CallingPN)]);
}

function disconnectLeg(_v: Variant): ArgType {
  return args([f('legToBeReleased', 0, LegID), o('releaseCause', 1, Cause), o('extensions', 2, Extensions)]);
}

function playAnnouncement(v: Variant): ArgType {
  return args([
    f('informationToSend', 0, InformationToSend(v)), o('disconnectFromIPForbidden', 1, BOOL),
    v === 'camel4' ? oa('requestAnnouncementCompleteNotification', 'requestAnnouncementComplete', 2, BOOL) : oa('requestAnnouncementComplete', 'requestAnnouncementCompleteNotification', 2, BOOL),
    o('extensions', 3, Extensions),
    ...(v === 'camel3' || v === 'camel4' ? [o('callSegmentID', 5, INT)] : []),
    ...(v === 'camel4' ? [o('requestAnnouncementStartedNotification', 51, BOOL)] : []),
  ]);
}

function promptAndCollectUserInformation(v: Variant): ArgType {
  return args([
    f('collectedInfo', 0, CollectedInfo), o('disconnectFromIPForbidden', 1, BOOL), o('informationToSend', 2, InformationToSend(v)),
    o('extensions', 3, Extensions),
    ...(v === 'camel3' || v === 'camel4' ? [o('callSegmentID', 4, INT)] : []),
    ...(v === 'camel4' ? [o('requestAnnouncementStartedNotification', 51, BOOL)] : []),
  ]);
}

function promptAndCollectUserInformationResult(v: Variant): ArgType {
  return { ty: choice(f('digitsResponse', 0, oct('genericDigits')), ...(v === 'cs1' ? [f('iA5Response', 1, IA5)] : [])) };
}

function assistRequestInstructions(v: Variant): ArgType {
  if (v === 'cs1') return args([f('correlationID', 0, Digits), o('iPAvailable', 1, OCT), o('iPSSPCapabilities', 2, OCT), o('extensions', 3, Extensions)]);
  // iPSSPCapabilities is mandatory in CAP; the operation supplies a default when the definition gives none.
  return args([f('correlationID', 0, Digits), f('iPSSPCapabilities', 2, OCT), o('extensions', 3, Extensions)]);
}

function specializedResourceReport(v: Variant): ArgType {
  if (v !== 'camel4') return { name: 'specializedResourceReport', ty: NULL };
  return { ty: choice(f('allAnnouncementsComplete', 50, NULL), f('firstAnnouncementStarted', 51, NULL)) };
}

function resetTimer(v: Variant): ArgType {
  return args([o('timerID', 0, enm({ 0: 'tssf' })), f('timervalue', 1, INT), o('extensions', 2, Extensions), ...(v === 'cs1' ? [] : [o('callSegmentID', 3, INT)])]);
}

function continueWithArgument(_v: Variant): ArgType {
  return args([
    o('alertingPattern', 1, OCT), o('extensions', 6, Extensions), o('serviceInteractionIndicatorsTwo', 7, ANY), o('callingPartysCategory', 12, OCT),
    o('genericNumbers', 16, ANY), o('cug-Interlock', 17, OCT), o('cug-OutgoingAccess', 18, NULL), o('chargeNumber', 50, OCT), o('carrier', 52, OCT),
    o('suppressionOfAnnouncement', 55, NULL), o('naOliInfo', 56, OCT), o('bor-InterrogationRequested', 57, NULL), o('suppress-O-CSI', 58, NULL),
    o('continueWithArgumentArgExtension', 59, ANY),
  ]);
}

function disconnectForwardConnectionWithArgument(_v: Variant): ArgType {
  return args([o('callSegmentID', 1, INT), o('extensions', 2, Extensions)]);
}

function cancel(v: Variant): ArgType {
  return {
    ty: choice(f('invokeID', 0, INT), f('allRequests', 1, NULL),
      ...(v === 'camel4' ? [f('callSegmentToCancel', 2, seq(o('invokeID', 0, INT), o('callSegmentID', 1, INT)))] : [])),
  };
}

// CallGap (41): ETS 300 374-1 / TS 29.078. gapCriteria [0] is a CHOICE (explicit); CAP nests the basic criteria
// in an untagged CHOICE `basicGapCriteria` next to `compoundGapCriteria`.
function callGap(v: Variant): ArgType {
  const cs1 = v === 'cs1';
  const basic = choice(
    f('calledAddressValue', 0, Digits),
    f('gapOnService', 2, cs1 ? seq(f('serviceKey', 0, INT), o('dpCriteria', 1, eventType(v))) : seq(f('serviceKey', 0, INT))),
    f('calledAddressAndService', 29, seq(f('calledAddressValue', 0, Digits), f('serviceKey', 1, INT))),
    f('callingAddressAndService', 30, cs1
      ? seq(f('callingAddressValue', 0, Digits), f('serviceKey', 1, INT), o('locationNumber', 2, CallingPN))
      : seq(f('callingAddressValue', 0, Digits), f('serviceKey', 1, INT))),
  );
  const gapCriteria = cs1 ? basic : choice(f('basicGapCriteria', undefined, basic), f('compoundGapCriteria', 1, seq(f('basicGapCriteria', 0, basic), o('scfID', 1, OCT))));
  const gapTreatment = cs1
    ? choice(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, Cause), f('both', 2, seq(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, Cause))))
    : choice(f('informationToSend', 0, InformationToSend(v)), f('releaseCause', 1, Cause));
  return args([
    f('gapCriteria', 0, gapCriteria),
    f('gapIndicators', 1, seq(f('duration', 0, INT), f('gapInterval', 1, INT))),
    o('controlType', 2, enm(cs1 ? { 0: 'sCPOverloaded', 1: 'manuallyInitiated', 2: 'destinationOverload' } : { 0: 'sCPOverloaded', 1: 'manuallyInitiated' })),
    o('gapTreatment', 3, gapTreatment),
    o('extensions', 4, Extensions),
  ]);
}

// SendChargingInformation (46): CS-1 SCIBillingChargingCharacteristics is network-specific (hex) and partyToCharge a
// LegID; CAP holds CAMEL-SCIBillingChargingCharacteristics (AOC, TS 29.078 / GSM 02.24 e-parameters).
function sendChargingInformation(v: Variant): ArgType {
  if (v === 'cs1') return args([f('sCIBillingChargingCharacteristics', 0, OCT), f('partyToCharge', 1, LegID), o('extensions', 2, Extensions)]);
  const cai = seq(o('e1', 0, INT), o('e2', 1, INT), o('e3', 2, INT), o('e4', 3, INT), o('e5', 4, INT), o('e6', 5, INT), o('e7', 6, INT));
  const subsequent = seq(f('cAI-GSM0224', 0, cai), o('tariffSwitchInterval', 1, INT));
  const sci = choice(
    f('aOCBeforeAnswer', 0, seq(f('aOCInitial', 0, cai), o('aOCSubsequent', 1, subsequent))),
    f('aOCAfterAnswer', 1, subsequent),
    ...(v === 'camel2' ? [] : [f('aOC-extension', 2, ANY)]),
  );
  return args([f('sCIBillingChargingCharacteristics', 0, contain(sci)), f('partyToCharge', 1, SendingSideID), o('extensions', 2, Extensions)]);
}

// InitiateCallAttempt (32): CS-1 and CAP v4 only.
function initiateCallAttempt(v: Variant): ArgType {
  if (v === 'cs1') {
    return args([
      f('destinationRoutingAddress', 0, seqOf(CalledPN)), o('alertingPattern', 1, OCT), o('iSDNAccessRelatedInformation', 2, OCT),
      o('travellingClassMark', 3, OCT), o('extensions', 4, Extensions), o('serviceInteractionIndicators', 29, OCT), o('callingPartyNumber', 30, CallingPN),
    ]);
  }
  return args([
    f('destinationRoutingAddress', 0, seqOf(CalledPN)), o('extensions', 4, Extensions), o('legToBeCreated', 5, LegID), o('newCallSegment', 6, INT),
    o('callingPartyNumber', 30, CallingPN), o('callReferenceNumber', 51, OCT), o('gsmSCFAddress', 52, AddressString), o('suppress-T-CSI', 53, NULL),
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
};

/** Result types (ReturnResult parameter) by operation name. */
export const RESULT_TYPES: Readonly<Record<string, (v: Variant) => ArgType>> = {
  PromptAndCollectUserInformation: promptAndCollectUserInformationResult,
};

/**
 * Operations only some variants define (the contracts of TS 29.078 per phase and ETS 300 374-1); the others exist in
 * every variant. InitiateCallAttempt
 * is CS-1 and CAP v4; CallGap is CS-1 and CAP v3+; ContinueWithArgument CAP v3+; DisconnectForwardConnectionWithArgument
 * and DisconnectLeg (call party handling) CAP v4.
 */
export const ONLY_IN: Readonly<Record<string, readonly Variant[]>> = {
  InitiateCallAttempt: ['cs1', 'camel4'],
  CallGap: ['cs1', 'camel3', 'camel4'],
  ContinueWithArgument: ['camel3', 'camel4'],
  DisconnectForwardConnectionWithArgument: ['camel4'],
  DisconnectLeg: ['camel4'],
};

/** Whether `op` exists in `variant` (the tester refuses to send it in a dialogue of another variant). */
export function definedIn(op: string, variant: Variant): boolean {
  return ONLY_IN[op]?.includes(variant) ?? true;
}

const cache = new Map<string, ArgType>();
/** The (cached) argument type of `op` in `variant`, or undefined when the operation carries no argument. */
export function argType(op: string, variant: Variant, result = false): ArgType | undefined {
  const key = `${op}/${variant}/${result ? 'r' : 'a'}`;
  let t = cache.get(key);
  if (t === undefined) {
    const b = (result ? RESULT_TYPES : ARG_TYPES)[op];
    if (!b) return undefined;
    t = b(variant);
    cache.set(key, t);
  }
  return t;
}
