// MAP-MS-DataTypes, subscriber information (TS 29.002 §17.7.1): AnyTimeInterrogation and ProvideSubscriberInfo,
// the location information and subscriber state they report.
import { ANY, INT, NULL, OCT, choice, enm, f, o, oct, seq, type ArgType } from '../../../sigtran/codec/index.js';
import { CellIdOrLai, EXT, IMSI, ISDN, LMSI, SubscriberIdentity, U } from './common.js';

const DomainType = enm({ 0: 'cs-Domain', 1: 'ps-Domain' });
const RequestedInfo = seq(
  o('locationInformation', 0, NULL), o('subscriberState', 1, NULL), o('extensionContainer', 2, EXT), o('currentLocation', 3, NULL),
  o('requestedDomain', 4, DomainType), o('imei', 6, NULL), o('ms-classmark', 5, NULL), o('mnpRequestedInfo', 7, NULL),
  o('locationInformationEPS-Supported', 11, NULL), o('t-adsData', 8, NULL), o('requestedNodes', 9, OCT), o('servingNodeIndication', 10, NULL),
  o('localTimeZoneRequest', 12, NULL),
);
const LocationInformation = seq(
  o('ageOfLocationInformation', U, INT), o('geographicalInformation', 0, OCT), o('vlr-number', 1, ISDN), o('locationNumber', 2, oct('callingNumber')),
  o('cellGlobalIdOrServiceAreaIdOrLAI', 3, CellIdOrLai), o('extensionContainer', 4, EXT), o('selectedLSA-Id', 5, OCT), o('msc-Number', 6, ISDN),
  o('geodeticInformation', 7, OCT), o('currentLocationRetrieved', 8, NULL), o('sai-Present', 9, NULL), o('locationInformationEPS', 10, ANY),
  o('userCSGInformation', 11, ANY),
);
export const NOT_REACHABLE_REASON = { 0: 'msPurged', 1: 'imsiDetached', 2: 'restrictedArea', 3: 'notRegistered' };
const SubscriberState = choice(f('assumedIdle', 0, NULL), f('camelBusy', 1, NULL), f('netDetNotReachable', U, enm(NOT_REACHABLE_REASON)), f('notProvidedFromVLR', 2, NULL));
export const SubscriberInfo = seq(
  o('locationInformation', 0, LocationInformation), o('subscriberState', 1, SubscriberState), o('extensionContainer', 2, EXT),
  o('locationInformationGPRS', 3, ANY), o('ps-SubscriberState', 4, ANY), o('imei', 5, IMSI), o('ms-Classmark2', 6, OCT), o('gprs-MS-Class', 7, ANY),
  o('mnpInfoRes', 8, ANY), o('imsVoiceOverPS-SessionsIndication', 9, INT), o('lastUE-ActivityTime', 10, OCT), o('lastRAT-Type', 11, INT),
  o('eps-SubscriberState', 12, ANY), o('locationInformationEPS', 13, ANY), o('timeZone', 14, OCT), o('daylightSavingTime', 15, INT),
);
const SUBSCRIBER_INFO_RES = seq(f('subscriberInfo', U, SubscriberInfo), o('extensionContainer', U, EXT));

export const MS_INFO_TYPES: Readonly<Record<string, ArgType>> = {
  AnyTimeInterrogationArg: { ty: seq(f('subscriberIdentity', 0, SubscriberIdentity), f('requestedInfo', 1, RequestedInfo), f('gsmSCF-Address', 3, ISDN), o('extensionContainer', 2, EXT)) },
  AnyTimeInterrogationRes: { ty: SUBSCRIBER_INFO_RES },
  ProvideSubscriberInfoArg: { ty: seq(f('imsi', 0, IMSI), o('lmsi', 1, LMSI), f('requestedInfo', 2, RequestedInfo), o('extensionContainer', 3, EXT), o('callPriority', 4, INT)) },
  ProvideSubscriberInfoRes: { ty: SUBSCRIBER_INFO_RES },
};
