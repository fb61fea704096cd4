// Rows of the MAP table (../catalogue.ts): mobility management — location management (VLR/SGSN ↔ HLR), subscriber
// data management, authentication, IMEI check (MSC/SGSN → EIR) and fault recovery (TS 29.002 §8, §17.6.1). Where a
// version's argument or result differs from v3's (MAP v1/v2, GSM 09.02 phase 1/2) the row names its own type.
import type { MapOperation } from '../catalogue.js';

const SDM_ERRORS = ['dataMissing', 'unexpectedDataValue', 'unidentifiedSubscriber'];
const HLR_ERRORS = ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'unknownSubscriber'];

export const MOBILITY_OPERATIONS: readonly MapOperation[] = [
  {
    name: 'UpdateLocation', asn: 'updateLocation', context: 'networkLocUpContext',
    versions: {
      1: { opcode: 2, arg: 'UpdateLocationArg-v1', res: 'UpdateLocationRes-v2' }, 2: { opcode: 2, arg: 'UpdateLocationArg', res: 'UpdateLocationRes-v2' },
      3: { opcode: 2, arg: 'UpdateLocationArg', res: 'UpdateLocationRes' } },
    defaultVersion: 3, pairs: [['vlr', 'hlr']], errors: ['unknownSubscriber', 'roamingNotAllowed', 'systemFailure', 'unexpectedDataValue', 'dataMissing'],
    endsDialogue: true,
  },
  {
    name: 'CancelLocation', asn: 'cancelLocation', context: 'locationCancellationContext',
    versions: { 1: { opcode: 3, arg: 'CancelLocationArg-v2' }, 2: { opcode: 3, arg: 'CancelLocationArg-v2' }, 3: { opcode: 3, arg: 'CancelLocationArg', res: 'CancelLocationRes' } },
    defaultVersion: 3, pairs: [['hlr', 'vlr'], ['hlr', 'sgsn']], errors: ['dataMissing', 'unexpectedDataValue'], endsDialogue: true,
  },
  {
    name: 'PurgeMS', asn: 'purgeMS', context: 'msPurgingContext',
    versions: { 2: { opcode: 67, arg: 'PurgeMS-ArgV2' }, 3: { opcode: 67, arg: 'PurgeMS-Arg', res: 'PurgeMS-Res' } },
    defaultVersion: 3, pairs: [['vlr', 'hlr'], ['sgsn', 'hlr']], errors: ['dataMissing', 'unexpectedDataValue', 'unknownSubscriber'], endsDialogue: true,
  },
  {
    name: 'UpdateGprsLocation', asn: 'updateGprsLocation', context: 'gprsLocationUpdateContext',
    versions: { 3: { opcode: 23, arg: 'UpdateGprsLocationArg', res: 'UpdateGprsLocationRes' } }, defaultVersion: 3,
    pairs: [['sgsn', 'hlr']], errors: ['unknownSubscriber', 'roamingNotAllowed', 'systemFailure', 'unexpectedDataValue', 'dataMissing'], endsDialogue: true,
  },
  {
    name: 'InsertSubscriberData', asn: 'insertSubscriberData', context: 'subscriberDataMngtContext',
    versions: { 2: { opcode: 7, arg: 'InsertSubscriberDataArg', res: 'InsertSubscriberDataRes' }, 3: { opcode: 7, arg: 'InsertSubscriberDataArg', res: 'InsertSubscriberDataRes' } },
    defaultVersion: 3, pairs: [['hlr', 'vlr'], ['hlr', 'sgsn']], errors: SDM_ERRORS, endsDialogue: true,
  },
  {
    name: 'DeleteSubscriberData', asn: 'deleteSubscriberData', context: 'subscriberDataMngtContext',
    versions: { 2: { opcode: 8, arg: 'DeleteSubscriberDataArg', res: 'DeleteSubscriberDataRes' }, 3: { opcode: 8, arg: 'DeleteSubscriberDataArg', res: 'DeleteSubscriberDataRes' } },
    defaultVersion: 3, pairs: [['hlr', 'vlr'], ['hlr', 'sgsn']], errors: SDM_ERRORS, endsDialogue: true,
  },
  {
    name: 'SendAuthenticationInfo', asn: 'sendAuthenticationInfo', context: 'infoRetrievalContext',
    versions: {
      2: { opcode: 56, arg: 'SendAuthenticationInfoArg-v2', res: 'SendAuthenticationInfoRes-v2' },
      3: { opcode: 56, arg: 'SendAuthenticationInfoArg', res: 'SendAuthenticationInfoRes' },
    },
    defaultVersion: 3, pairs: [['vlr', 'hlr'], ['sgsn', 'hlr']], errors: HLR_ERRORS, endsDialogue: true,
  },
  {
    name: 'ProvideRoamingNumber', asn: 'provideRoamingNumber', context: 'roamingNumberEnquiryContext',
    versions: { 2: { opcode: 4, arg: 'ProvideRoamingNumberArg', res: 'ProvideRoamingNumberRes-v2' }, 3: { opcode: 4, arg: 'ProvideRoamingNumberArg', res: 'ProvideRoamingNumberRes' } },
    defaultVersion: 3, pairs: [['hlr', 'vlr']],
    errors: ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'facilityNotSupported', 'or-NotAllowed', 'absentSubscriber', 'noRoamingNumberAvailable'],
    endsDialogue: true,
  },
  {
    name: 'SendIMSI', asn: 'sendIMSI', context: 'imsiRetrievalContext',
    versions: { 2: { opcode: 58, arg: 'SendIMSI-Arg', res: 'SendIMSI-Res' } }, defaultVersion: 2,
    pairs: [['vlr', 'hlr']], errors: ['dataMissing', 'unexpectedDataValue', 'unknownSubscriber'], endsDialogue: true,
  },
  {
    name: 'RestoreData', asn: 'restoreData', context: 'networkLocUpContext',
    versions: { 2: { opcode: 57, arg: 'RestoreDataArg', res: 'RestoreDataRes' }, 3: { opcode: 57, arg: 'RestoreDataArg', res: 'RestoreDataRes' } },
    defaultVersion: 3, pairs: [['vlr', 'hlr']], errors: HLR_ERRORS, endsDialogue: true,
  },
  {
    // unconfirmed: no result, no errors (the HLR tells each VLR/SGSN of its restart)
    name: 'Reset', asn: 'reset', context: 'resetContext',
    versions: { 1: { opcode: 37, arg: 'ResetArg-v1' }, 2: { opcode: 37, arg: 'ResetArg' }, 3: { opcode: 37, arg: 'ResetArg' } }, defaultVersion: 2,
    pairs: [['hlr', 'vlr'], ['hlr', 'sgsn']], errors: [], endsDialogue: true,
  },
  {
    name: 'CheckIMEI', asn: 'checkIMEI', context: 'equipmentMngtContext',
    versions: {
      1: { opcode: 43, arg: 'CheckIMEI-Arg-v2', res: 'CheckIMEI-Res-v2' }, 2: { opcode: 43, arg: 'CheckIMEI-Arg-v2', res: 'CheckIMEI-Res-v2' },
      3: { opcode: 43, arg: 'CheckIMEI-Arg', res: 'CheckIMEI-Res' } },
    defaultVersion: 3, pairs: [['msc', 'eir'], ['sgsn', 'eir']], errors: ['systemFailure', 'dataMissing', 'unknownEquipment'], endsDialogue: true,
  },
];
