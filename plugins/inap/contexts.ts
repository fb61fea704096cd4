// The application contexts of INAP CS-1 and CAP (protocols.md §1.4: ETS 300 374-1, TS 29.078 v1-v4): the aliases an
// `ssp_ac`, `inap.srf_ac` or `tcap_ac` value may use, and the codec variant each selects. The rows are registered
// with sigtran's resolver when this module loads.
import { registerContexts, resolveAc, type ContextRow } from '../sigtran/api.js';
import type { Variant } from './codec/variants.js';

interface InapContext extends ContextRow {
  /** The codec variant a dialogue of this context uses (none: the other ways of choosing one apply). */
  readonly variant?: Variant;
}

const cs1 = (arc: number, names: string[]): InapContext => ({ oid: `0.4.0.1.1.1.${arc}.0`, names, family: 'inap', version: 1, variant: 'cs1' });
const cap = (oid: string, version: number, names: string[], variant?: Variant): InapContext => ({ oid, names, family: 'camel', version, ...(variant ? { variant } : {}) });

export const INAP_CONTEXTS: readonly InapContext[] = [
  // ETSI Core INAP CS-1, 0.4.0.1.1.1.<n>.0: SSP to SCP, assist, IP (SRF) to SCP, SCP to SSP
  cs1(0, ['cs1', 'cs1_ssp', 'inap_cs1', 'etsi', 'cs1_ssp_to_scp']),
  cs1(1, ['cs1_assist', 'cs1_assist_ssp_to_scp']),
  cs1(2, ['cs1_ip', 'cs1_ip_to_scp']),
  cs1(3, ['cs1_scp', 'cs1_scp_to_ssp']),
  // CAP (TS 29.078); a CAP v1 dialogue is decoded as CAP v2
  cap('0.4.0.0.1.0.50.0', 1, ['camel1', 'cap1', 'cap_v1'], 'camel2'),
  cap('0.4.0.0.1.0.50.1', 2, ['camel2', 'cap2', 'cap_v2'], 'camel2'),
  cap('0.4.0.0.1.0.51.1', 2, ['camel2_assist', 'cap2_assist'], 'camel2'),
  cap('0.4.0.0.1.0.52.1', 2, ['camel2_srf', 'cap2_srf'], 'camel2'),
  cap('0.4.0.0.1.21.3.4', 3, ['camel3', 'cap3', 'cap_v3', 'camel'], 'camel3'),
  cap('0.4.0.0.1.21.3.6', 3, ['camel3_assist', 'cap3_assist'], 'camel3'),
  cap('0.4.0.0.1.20.3.14', 3, ['camel3_srf', 'cap3_srf'], 'camel3'),
  // CAP v3 gprsSSF-to-gsmSCF, gsmSCF-to-gprsSSF and SMS (TS 29.078 clauses 7, 8)
  cap('0.4.0.0.1.21.3.50', 3, ['camel3_gprs', 'cap3_gprs'], 'camel3'),
  cap('0.4.0.0.1.21.3.51', 3, ['camel3_scf_gprs', 'cap3_scf_gprs'], 'camel3'),
  cap('0.4.0.0.1.21.3.61', 3, ['camel3_sms', 'cap3_sms'], 'camel3'),
  cap('0.4.0.0.1.23.3.4', 4, ['camel4', 'cap4', 'cap_v4'], 'camel4'),
  cap('0.4.0.0.1.23.3.6', 4, ['camel4_assist', 'cap4_assist'], 'camel4'),
  cap('0.4.0.0.1.23.3.8', 4, ['camel4_scf', 'cap4_scf', 'camel4_scf_to_ssf'], 'camel4'),
  cap('0.4.0.0.1.22.3.14', 4, ['camel4_srf', 'cap4_srf'], 'camel4'),
  cap('0.4.0.0.1.23.3.61', 4, ['camel4_sms', 'cap4_sms'], 'camel4'),
];

registerContexts(INAP_CONTEXTS);

const VARIANT_BY_OID: ReadonlyMap<string, Variant> = new Map(INAP_CONTEXTS.filter((c) => c.variant).map((c) => [c.oid, c.variant!]));

/** The variant a dialogue of the context with this dotted OID uses; undefined when the context selects none. */
export function variantOfAc(oid: string | undefined | null): Variant | undefined {
  return oid ? VARIANT_BY_OID.get(oid) : undefined;
}

/**
 * The AC of a Begin an opening operation sends without `tcap_ac`: the role's (`roleAc`: `ssp_ac` / `inap.srf_ac`),
 * unless the operation has contexts of its own (`own`: SMS, GPRS) and the role's is none of them; then its first.
 * A call test's `ssp_ac: camel3` thus leaves an InitialDPSMS on camel3_sms, and `ssp_ac: camel4_sms` makes it CAP v4.
 */
export function openingAc(own: readonly string[] | undefined, roleAc: unknown): unknown {
  if (!own) return roleAc;
  if (roleAc === undefined || roleAc === null) return own[0];
  let oid: string | undefined;
  try {
    oid = resolveAc(String(roleAc))?.oid;
  } catch {
    return own[0];
  }
  return own.some((n) => resolveAc(n)?.oid === oid) ? roleAc : own[0];
}
