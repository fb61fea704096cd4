// The data types the CAP modules share (call, SMS and GPRS control), with their constraints: one place for
// codec/args.ts, codec/sms.ts and codec/gprs.ts.
import { ANY, INT, NULL, OCT, choice, enm, f, int, o, oct, seq, size, type Ty } from '../../sigtran/codec/index.js';
import type { Variant } from './variants.js';
import { EXT } from './extensions.js';

// ---------------------------------------------------------------- common data types, with their constraints
// CAP: the SIZEs of TS 29.078's cAPSpecificBoundSet (the same bounds in CAP v2, v3 and v4) and of the imported MAP
// types (TS 29.002). CS-1: ETS 300 374-1 leaves those bounds to the network, so only the constraints the CS-1 types
// fix themselves apply. Both: INTEGER ranges and fixed SIZEs of the CS-1 data types CAP imports.
export const Integer4 = int(0, 2147483647);
/** ServiceKey ::= Integer4 (a type of its own, so the tables read like the modules). */
export const ServiceKey: Ty = { ...Integer4 };
const LegType = size(OCT, 1);
export const CallingPartysCategory = size(OCT, 1);
export const RedirectionInformation = size(OCT, 2);
export const HighLayerCompatibility = size(OCT, 2);
export const AlertingPattern = size(OCT, 3);
export const ApplicationTimer = int(0, 2047);
export const InvokeID = int(-128, 127);
export const Duration = int(-2, 86400);
export const Interval = int(-1, 60000);
export const LegID = choice(f('sendingSideID', 0, LegType), f('receivingSideID', 1, LegType));
export const SendingSideID = choice(f('sendingSideID', 0, LegType));
export const ReceivingSideID = choice(f('receivingSideID', 1, LegType));
export const Extensions = EXT;

/** The types whose constraints depend on the variant. */
interface Bounded {
  Cause: Ty;
  CalledPN: Ty;
  /** CallingPartyNumber; also LocationNumber, OriginalCalledPartyID, RedirectingPartyID, ChargeNumber (same format and bounds). */
  CallingPN: Ty;
  /** Digits as a Q.763 generic number (correlationID, assistingSSPIPRoutingAddress, additionalCallingPartyNumber, ...). */
  Digits: Ty;
  /** Digits as Q.763 generic digits (digitsResponse). */
  GenericDigits: Ty;
  /** ISDN-AddressString (mscAddress, vlr-number, gsmSCFAddress). */
  ISDNAddress: Ty;
  CalledPartyBCDNumber: Ty;
  ScfID: Ty;
  Carrier: Ty;
  IPSSPCapabilities: Ty;
  BearerCap: Ty;
  DateAndTime: Ty;
  /** minimumNbOfDigits / maximumNbOfDigits of CollectedDigits. */
  NbOfDigits: Ty;
  CallSegmentID: Ty;
}

const CAP_TYPES: Bounded = {
  Cause: size(oct('cause'), 2, 32),
  CalledPN: size(oct('calledNumber'), 2, 18),
  CallingPN: size(oct('callingNumber'), 2, 10),
  Digits: size(oct('genericNumber'), 2, 16),
  GenericDigits: size(oct('genericDigits'), 2, 16),
  ISDNAddress: size(oct('addressString'), 1, 9),
  CalledPartyBCDNumber: size(oct('addressString'), 1, 41),
  ScfID: size(OCT, 2, 10),
  Carrier: size(OCT, 4),
  IPSSPCapabilities: size(OCT, 1, 4),
  BearerCap: size(OCT, 2, 11),
  DateAndTime: size(OCT, 7),
  NbOfDigits: int(1, 30),
  CallSegmentID: int(1, 127),
};
const CS1_TYPES: Bounded = {
  Cause: oct('cause'),
  CalledPN: oct('calledNumber'),
  CallingPN: oct('callingNumber'),
  Digits: oct('genericNumber'),
  GenericDigits: oct('genericDigits'),
  ISDNAddress: oct('addressString'),
  CalledPartyBCDNumber: oct('addressString'),
  ScfID: OCT,
  Carrier: OCT,
  IPSSPCapabilities: OCT,
  BearerCap: OCT,
  DateAndTime: OCT,
  NbOfDigits: int(1, 127),
  CallSegmentID: INT,
};
export const T = (v: Variant): Bounded => (v === 'cs1' ? CS1_TYPES : CAP_TYPES);

export const MonitorMode = enm({ 0: 'interrupted', 1: 'notifyAndContinue', 2: 'transparent' });
export const MiscCallInfo = seq(f('messageType', 0, enm({ 0: 'request', 1: 'notification' })), o('dpAssignment', 1, enm({ 0: 'individualLine', 1: 'groupBased', 2: 'officeBased' })));

/** LocationInformation (TS 29.002), as CAP carries it (InitialDP, InitialDPSMS locationInformationMSC). */
export const LocationInformation = (t: ReturnType<typeof T>): Ty =>
  seq(o('ageOfLocationInformation', undefined, int(0, 32767)), o('geographicalInformation', 0, size(OCT, 8)),
    o('vlrNumber', 1, t.ISDNAddress), o('locationNumber', 2, t.CallingPN), o('cellGlobalIdOrServiceAreaIdOrLAI', 3, ANY), o('extensionContainer', 4, ANY));

/**
 * CAP's LocationInformationGPRS (TS 29.078 CAP-datatypes): the cell or LAI is the value part of TS 29.002's
 * CellGlobalIdOrServiceAreaIdFixedLength (7 octets) or LAIFixedLength (5); its deeper members are hex.
 */
export const LocationInformationGPRS: Ty = seq(
  o('cellGlobalIdOrServiceAreaIdOrLAI', 0, size(OCT, 5, 7)), o('routeingAreaIdentity', 1, size(OCT, 6)), o('geographicalInformation', 2, size(OCT, 8)),
  o('sgsn-Number', 3, CAP_TYPES.ISDNAddress), o('selectedLSAIdentity', 4, size(OCT, 3)), o('extensionContainer', 5, ANY), o('sai-Present', 6, NULL),
  o('userCSGInformation', 7, ANY),
);

/** CAI-GSM0224 (the AoC e-parameters of GSM 02.24, each 0..8191) and AOCSubsequent, of CAMEL-SCIBillingChargingCharacteristics
 *  and CAMEL-SCIGPRSBillingChargingCharacteristics. */
const e = int(0, 8191);
export const CAI_GSM0224: Ty = seq(o('e1', 0, e), o('e2', 1, e), o('e3', 2, e), o('e4', 3, e), o('e5', 4, e), o('e6', 5, e), o('e7', 6, e));
export const AOCSubsequent: Ty = seq(f('cAI-GSM0224', 0, CAI_GSM0224), o('tariffSwitchInterval', 1, int(1, 86400)));
