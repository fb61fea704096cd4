// Rows of the MAP table (../catalogue.ts): supplementary service management, VLR → HLR in
// networkFunctionalSsContext (TS 29.002 §11, §17.6.4): register, erase, activate, deactivate, interrogate.
import type { MapOperation } from '../catalogue.js';

const SS_ERRORS = ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'bearerServiceNotProvisioned', 'teleserviceNotProvisioned', 'callBarred', 'illegalSS-Operation', 'ss-ErrorStatus'];
const PW_ERRORS = ['ss-SubscriptionViolation', 'negativePW-Check', 'numberOfPWAttemptsViolation'];

const ssRow = (name: string, asn: string, opcode: number, arg: string, res: string, errors: readonly string[]): MapOperation => ({
  name, asn, context: 'networkFunctionalSsContext', versions: { 2: { opcode, arg, res } }, defaultVersion: 2, pairs: [['vlr', 'hlr']], errors, endsDialogue: true,
});

export const SS_OPERATIONS: readonly MapOperation[] = [
  ssRow('RegisterSS', 'registerSS', 10, 'RegisterSS-Arg', 'SS-Info', [...SS_ERRORS, 'ss-Incompatibility']),
  ssRow('EraseSS', 'eraseSS', 11, 'SS-ForBS-Code', 'SS-Info', SS_ERRORS),
  ssRow('ActivateSS', 'activateSS', 12, 'SS-ForBS-Code', 'SS-Info', [...SS_ERRORS, 'ss-Incompatibility', ...PW_ERRORS]),
  ssRow('DeactivateSS', 'deactivateSS', 13, 'SS-ForBS-Code', 'SS-Info', [...SS_ERRORS, ...PW_ERRORS]),
  ssRow('InterrogateSS', 'interrogateSS', 14, 'SS-ForBS-Code', 'InterrogateSS-Res',
    ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'bearerServiceNotProvisioned', 'teleserviceNotProvisioned', 'callBarred', 'illegalSS-Operation', 'ss-NotAvailable']),
];
