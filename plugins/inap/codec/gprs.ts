// Argument types of CAMEL GPRS control (TS 29.078 clause 8, CAP-gprsSSF-gsmSCF-ops-args, CAP v3; the GPRS data types
// of CAP-datatypes): the gprsSSF of the SGSN (the tester's `ssp` role) and the gsmSCF. IMPLICIT TAGS; CHOICEs are
// explicit. What a test sets is named (chargingID, accessPointName, pDPID, the event types, the charging
// characteristics, the volumes and times reported); QualityOfService and the deeper MAP types are hex.
import { ANY, BOOL, NULL, OCT, choice, contain, enm, f, int, o, octf, oct, seq, seqOf, size, type ArgType, type Ty } from '../../sigtran/codec/index.js';
import { apn } from './apn.js';
import { AOCSubsequent, CAI_GSM0224, Extensions, Integer4, LocationInformationGPRS, MiscCallInfo, MonitorMode, ServiceKey, T } from './common.js';
import type { Variant } from './variants.js';

const PDPID = size(OCT, 1);
const GPRSChargingID = size(OCT, 4);
const GPRSCause = size(OCT, 1);
/** AccessPointName (1..100 octets): `accessPointName_apn` or `_hex`. */
const AccessPointName = size(octf(apn), 1, 100);
const TimeAndTimezone = size(OCT, 8);
const GSNAddress = size(OCT, 5, 17);
const QualityOfService = ANY;
const EndUserAddress = seq(f('pDPTypeOrganization', 0, size(OCT, 1)), f('pDPTypeNumber', 1, size(OCT, 1)), o('pDPAddress', 2, size(OCT, 1, 63)));
const GPRSMSClass = seq(f('mSNetworkCapability', 0, size(OCT, 1, 8)), o('mSRadioAccessCapability', 1, size(OCT, 1, 50)));
const PDPInitiationType = enm({ 0: 'mSInitiated', 1: 'networkInitiated' });
const InitiatingEntity = enm({ 0: 'mobileStation', 1: 'sgsn', 2: 'hlr', 3: 'ggsn' });
const GPRSEventType = enm({
  1: 'attach', 2: 'attachChangeOfPosition', 3: 'detached', 11: 'pdp-ContextEstablishment', 12: 'pdp-ContextEstablishmentAcknowledgement',
  13: 'disonnect', 14: 'pdp-ContextChangeOfPosition',
}, { disconnect: 13 });
const Volume = int(0, 4294967295);
const Time = int(0, 86400);
const RollOver = int(0, 255);

const ChargingCharacteristics = choice(f('maxTransferredVolume', 0, int(1, 4294967295)), f('maxElapsedTime', 1, int(1, 86400)));
const ChargingResult = choice(
  f('transferredVolume', 0, choice(f('volumeIfNoTariffSwitch', 0, Volume), f('volumeIfTariffSwitch', 1, seq(f('volumeSinceLastTariffSwitch', 0, Volume), o('volumeTariffSwitchInterval', 1, Volume))))),
  f('elapsedTime', 1, choice(f('timeGPRSIfNoTariffSwitch', 0, Time), f('timeGPRSIfTariffSwitch', 1, seq(f('timeGPRSSinceLastTariffSwitch', 0, Time), o('timeGPRSTariffSwitchInterval', 1, Time))))),
);
const ChargingRollOver = choice(
  f('transferredVolumeRollOver', 0, choice(f('rO-VolumeIfNoTariffSwitch', 0, RollOver), f('rO-VolumeIfTariffSwitch', 1, seq(o('rO-VolumeSinceLastTariffSwitch', 0, RollOver), o('rO-VolumeTariffSwitchInterval', 1, RollOver))))),
  f('elapsedTimeRollOver', 1, choice(f('rO-TimeGPRSIfNoTariffSwitch', 0, RollOver), f('rO-TimeGPRSIfTariffSwitch', 1, seq(o('rO-TimeGPRSSinceLastTariffSwitch', 0, RollOver), o('rO-TimeGPRSTariffSwitchInterval', 1, RollOver))))),
);

const GPRSEventSpecificInformation: Ty = choice(
  f('attachChangeOfPositionSpecificInformation', 0, seq(o('locationInformationGPRS', 0, LocationInformationGPRS))),
  f('pdp-ContextchangeOfPositionSpecificInformation', 1, seq(
    o('accessPointName', 0, AccessPointName), o('chargingID', 1, GPRSChargingID), o('locationInformationGPRS', 2, LocationInformationGPRS),
    o('endUserAddress', 3, EndUserAddress), o('qualityOfService', 4, QualityOfService), o('timeAndTimeZone', 5, TimeAndTimezone), o('gGSNAddress', 6, GSNAddress),
  )),
  f('detachSpecificInformation', 2, seq(o('inititatingEntity', 0, InitiatingEntity), o('routeingAreaUpdate', 1, NULL))),
  f('disconnectSpecificInformation', 3, seq(o('inititatingEntity', 0, InitiatingEntity), o('routeingAreaUpdate', 1, NULL))),
  f('pDPContextEstablishmentSpecificInformation', 4, seq(
    o('accessPointName', 0, AccessPointName), o('endUserAddress', 1, EndUserAddress), o('qualityOfService', 2, QualityOfService),
    o('locationInformationGPRS', 3, LocationInformationGPRS), o('timeAndTimeZone', 4, TimeAndTimezone), o('pDPInitiationType', 5, PDPInitiationType),
    o('secondaryPDP-context', 6, NULL),
  )),
  f('pDPContextEstablishmentAcknowledgementSpecificInformation', 5, seq(
    o('accessPointName', 0, AccessPointName), o('chargingID', 1, GPRSChargingID), o('endUserAddress', 2, EndUserAddress),
    o('qualityOfService', 3, QualityOfService), o('locationInformationGPRS', 4, LocationInformationGPRS), o('timeAndTimeZone', 5, TimeAndTimezone),
    o('gGSNAddress', 6, GSNAddress),
  )),
);

const args = (fields: Parameters<typeof seq>): ArgType => ({ ty: seq(...fields) });
const pdpOnly = (tag: number) => (): ArgType => args([o('pDPID', tag, PDPID)]);

function initialDPGPRS(v: Variant): ArgType {
  const t = T(v);
  return args([
    f('serviceKey', 0, ServiceKey), f('gPRSEventType', 1, GPRSEventType), f('mSISDN', 2, t.ISDNAddress), f('iMSI', 3, size(oct('tbcd'), 3, 8)),
    f('timeAndTimeZone', 4, TimeAndTimezone), o('gPRSMSClass', 5, GPRSMSClass), o('endUserAddress', 6, EndUserAddress), o('qualityOfService', 7, QualityOfService),
    o('accessPointName', 8, AccessPointName), o('routeingAreaIdentity', 9, size(OCT, 6)), o('chargingID', 10, GPRSChargingID), o('sGSNCapabilities', 11, size(OCT, 1)),
    o('locationInformationGPRS', 12, LocationInformationGPRS), o('pDPInitiationType', 13, PDPInitiationType), o('extensions', 14, Extensions),
    o('gGSNAddress', 15, GSNAddress), o('secondaryPDP-context', 16, NULL), o('iMEI', 17, size(oct('tbcd'), 8)),
  ]);
}

const applyChargingGPRS = (): ArgType => args([f('chargingCharacteristics', 0, ChargingCharacteristics), o('tariffSwitchInterval', 1, int(1, 86400)), o('pDPID', 2, PDPID)]);
const applyChargingReportGPRS = (): ArgType =>
  args([f('chargingResult', 0, ChargingResult), o('qualityOfService', 1, QualityOfService), o('active', 2, BOOL), o('pDPID', 3, PDPID), o('chargingRollOver', 4, ChargingRollOver)]);
const connectGPRS = (): ArgType => args([f('accessPointName', 0, AccessPointName), o('pdpID', 1, PDPID)]);
const entityReleasedGPRS = (): ArgType => args([f('gPRSCause', 0, GPRSCause), o('pDPID', 1, PDPID)]);
const releaseGPRS = (): ArgType => args([f('gprsCause', 0, GPRSCause), o('pDPID', 1, PDPID)]);
const eventReportGPRS = (): ArgType =>
  args([f('gPRSEventType', 0, GPRSEventType), o('miscGPRSInfo', 1, MiscCallInfo), o('gPRSEventSpecificInformation', 2, GPRSEventSpecificInformation), o('pDPID', 3, PDPID)]);
// numOfGPRSEvents: 10 (cAPSpecificBoundSet)
const requestReportGPRSEvent = (): ArgType =>
  args([f('gPRSEvent', 0, size(seqOf(seq(f('gPRSEventType', 0, GPRSEventType), f('monitorMode', 1, MonitorMode))), 1, 10)), o('pDPID', 1, PDPID)]);
const resetTimerGPRS = (): ArgType => args([o('timerID', 0, enm({ 0: 'tssf' })), f('timervalue', 1, Integer4)]);

/** FCIGPRSBillingChargingCharacteristics: an OCTET STRING (5..225) holding CAMEL-FCIGPRSBillingChargingCharacteristics (a SEQUENCE). */
function furnishChargingInformationGPRS(): ArgType {
  const s1 = seq(f('freeFormatData', 0, size(OCT, 1, 160)), o('pDPID', 1, PDPID), o('appendFreeFormatData', 2, enm({ 0: 'overwrite', 1: 'append' })));
  return { name: 'FCIGPRSBillingChargingCharacteristics', ty: size(contain(seq(f('fCIBCCCAMELsequence1', 0, s1))), 5, 225) };
}

/** SCIGPRSBillingChargingCharacteristics: an OCTET STRING (4..69) holding CAMEL-SCIGPRSBillingChargingCharacteristics. */
function sendChargingInformationGPRS(): ArgType {
  const sci = seq(f('aOCGPRS', 0, seq(f('aOCInitial', 0, CAI_GSM0224), o('aOCSubsequent', 1, AOCSubsequent))), o('pDPID', 1, PDPID));
  return args([f('sCIGPRSBillingChargingCharacteristics', 0, size(contain(sci), 4, 69))]);
}

/** The GPRS operations' argument types (ActivityTestGPRS has none). */
export const GPRS_ARG_TYPES: Readonly<Record<string, (v: Variant) => ArgType>> = {
  InitialDPGPRS: initialDPGPRS,
  ApplyChargingGPRS: applyChargingGPRS,
  ApplyChargingReportGPRS: applyChargingReportGPRS,
  CancelGPRS: pdpOnly(0),
  ConnectGPRS: connectGPRS,
  ContinueGPRS: pdpOnly(0),
  EntityReleasedGPRS: entityReleasedGPRS,
  FurnishChargingInformationGPRS: furnishChargingInformationGPRS,
  ReleaseGPRS: releaseGPRS,
  EventReportGPRS: eventReportGPRS,
  RequestReportGPRSEvent: requestReportGPRSEvent,
  ResetTimerGPRS: resetTimerGPRS,
  SendChargingInformationGPRS: sendChargingInformationGPRS,
};

/** GPRS control is CAP v3 (its contexts camel3_gprs / camel3_scf_gprs select camel3; CAP v4 has no GPRS contexts of its own). */
export const GPRS_ONLY_IN: Readonly<Record<string, readonly Variant[]>> = Object.fromEntries([...Object.keys(GPRS_ARG_TYPES), 'ActivityTestGPRS'].map((op) => [op, ['camel3'] as const]));
