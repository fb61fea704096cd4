// Rows of the MAP table (../catalogue.ts): subscription management by the gsmSCF (TS 29.002 §8.11): it reads
// (anyTimeSubscriptionInterrogation) and changes (anyTimeModification) a subscriber's supplementary services, ODB
// and CSIs in the HLR, in anyTimeInfoHandlingContext; the HLR tells it of changes (noteSubscriberDataModified).
import type { MapOperation } from '../catalogue.js';

const SS_ERRORS = ['unknownSubscriber', 'bearerServiceNotProvisioned', 'teleserviceNotProvisioned', 'callBarred', 'illegalSS-Operation'];

export const CSE_OPERATIONS: readonly MapOperation[] = [
  {
    name: 'AnyTimeSubscriptionInterrogation', asn: 'anyTimeSubscriptionInterrogation', context: 'anyTimeInfoHandlingContext',
    versions: { 3: { opcode: 62, arg: 'AnyTimeSubscriptionInterrogationArg', res: 'AnyTimeSubscriptionInterrogationRes' } }, defaultVersion: 3,
    pairs: [['scp', 'hlr']], errors: ['atsi-NotAllowed', 'dataMissing', 'unexpectedDataValue', ...SS_ERRORS, 'ss-NotAvailable', 'informationNotAvailable'],
    endsDialogue: true, shorthands: { msisdn: 'subscriberIdentity.msisdn', imsi: 'subscriberIdentity.imsi' },
  },
  {
    name: 'AnyTimeModification', asn: 'anyTimeModification', context: 'anyTimeInfoHandlingContext',
    versions: { 3: { opcode: 65, arg: 'AnyTimeModificationArg', res: 'AnyTimeModificationRes' } }, defaultVersion: 3,
    pairs: [['scp', 'hlr']],
    errors: ['atm-NotAllowed', 'dataMissing', 'unexpectedDataValue', ...SS_ERRORS, 'ss-SubscriptionViolation', 'ss-ErrorStatus', 'ss-Incompatibility', 'informationNotAvailable'],
    endsDialogue: true, shorthands: { msisdn: 'subscriberIdentity.msisdn', imsi: 'subscriberIdentity.imsi' },
  },
  {
    name: 'NoteSubscriberDataModified', asn: 'noteSubscriberDataModified', context: 'subscriberDataModificationNotificationContext',
    versions: { 3: { opcode: 5, arg: 'NoteSubscriberDataModifiedArg', res: 'NoteSubscriberDataModifiedRes' } }, defaultVersion: 3,
    pairs: [['hlr', 'scp']], errors: ['dataMissing', 'unexpectedDataValue', 'unknownSubscriber'], endsDialogue: true,
  },
];
