// TCAP application-context names: the alias table (ssp_ac, hlr_ac, tcap_ac values) and the resolver.
// Values from protocols.md §1.4 (ETSI INAP CS-1, CAP v1-v4 per TS 29.078, MAP per TS 29.002).
import { encodeOidContent } from './ber/writer.js';
import { decodeOidAt } from './ber/reader.js';
import { toHex, parseHex } from './ber/hex.js';
import { BerError } from './ber/errors.js';

/** A resolved application context. */
export interface ApplicationContext {
  /** Dotted OID, e.g. '0.4.0.0.1.0.50.1'. */
  readonly oid: string;
  /** The OID's BER content octets (what follows `06 len`), e.g. 04 00 00 01 00 32 01. */
  readonly bytes: Uint8Array;
  /** The same content octets as lower-case hex ('04000001003201'). */
  readonly hex: string;
  /** Canonical alias when the OID is in the table ('camel2', 'cs1', 'ati3'), otherwise undefined. */
  readonly name: string | undefined;
  /** Protocol family when known: 'inap' (ETSI CS-1), 'camel', 'map'; 'other' otherwise. */
  readonly family: 'inap' | 'camel' | 'map' | 'other';
  /** Version arc when known (CAP phase / MAP version), e.g. 2 for camel2, 3 for ati3. */
  readonly version: number | undefined;
}

/** Thrown by resolveAc() on a value that is neither an alias, a dotted OID nor hex OID content. */
export class AcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AcError';
  }
}

type Entry = { oid: string; family: ApplicationContext['family']; version?: number };

const MAP_CONTEXTS: ReadonlyArray<[string, number, readonly number[], string[]]> = [
  // [TS 29.002 name, ac arc, versions, short aliases (suffixed with the version)]
  ['networkLocUpContext', 1, [1, 2, 3], ['ul']],
  ['locationCancellationContext', 2, [1, 2, 3], ['cl']],
  ['roamingNumberEnquiryContext', 3, [1, 2, 3], ['prn']],
  ['locationInfoRetrievalContext', 5, [1, 2, 3], ['sri']],
  ['reportingContext', 7, [3], []],
  ['resetContext', 10, [1, 2], ['reset']],
  ['infoRetrievalContext', 14, [1, 2, 3], ['sai']],
  ['subscriberDataMngtContext', 16, [1, 2, 3], ['isd']],
  ['tracingContext', 17, [1, 2, 3], []],
  ['networkFunctionalSsContext', 18, [1, 2], []],
  ['networkUnstructuredSsContext', 19, [2], ['ussd']],
  ['shortMsgGatewayContext', 20, [1, 2, 3], ['sri_sm']],
  ['shortMsgMO-RelayContext', 21, [1, 2, 3], ['mo_sms']],
  ['shortMsgAlertContext', 23, [1, 2], ['alert_sc']],
  ['mwdMngtContext', 24, [1, 2, 3], []],
  ['shortMsgMT-RelayContext', 25, [2, 3], ['mt_sms']],
  ['imsiRetrievalContext', 26, [2], []],
  ['msPurgingContext', 27, [2, 3], ['purge']],
  ['subscriberInfoEnquiryContext', 28, [3], ['psi']],
  ['anyTimeInfoEnquiryContext', 29, [3], ['ati']],
  ['gprsLocationUpdateContext', 32, [3], ['gprs_ul']],
  ['gprsLocationInfoRetrievalContext', 33, [3, 4], []],
  ['failureReportContext', 34, [3], []],
  ['authenticationFailureReportContext', 39, [3], []],
  ['anyTimeInfoHandlingContext', 43, [3], ['atsi']],
];

function buildTable(): Map<string, Entry> {
  const t = new Map<string, Entry>();
  const add = (names: string[], e: Entry) => {
    for (const n of names) {
      t.set(n.toLowerCase(), e);
      if (!CANONICAL.has(e.oid)) CANONICAL.set(e.oid, n);
    }
  };
  // ETSI Core INAP CS-1 (ETS 300 374-1), 0.4.0.1.1.1.<n>.0
  add(['cs1', 'cs1_ssp', 'inap_cs1', 'etsi', 'cs1_ssp_to_scp'], { oid: '0.4.0.1.1.1.0.0', family: 'inap', version: 1 });
  add(['cs1_assist', 'cs1_assist_ssp_to_scp'], { oid: '0.4.0.1.1.1.1.0', family: 'inap', version: 1 });
  add(['cs1_ip', 'cs1_ip_to_scp'], { oid: '0.4.0.1.1.1.2.0', family: 'inap', version: 1 });
  add(['cs1_scp', 'cs1_scp_to_ssp'], { oid: '0.4.0.1.1.1.3.0', family: 'inap', version: 1 });
  // CAP (TS 29.078)
  add(['camel1', 'cap1', 'cap_v1'], { oid: '0.4.0.0.1.0.50.0', family: 'camel', version: 1 });
  add(['camel2', 'cap2', 'cap_v2'], { oid: '0.4.0.0.1.0.50.1', family: 'camel', version: 2 });
  add(['camel2_assist', 'cap2_assist'], { oid: '0.4.0.0.1.0.51.1', family: 'camel', version: 2 });
  add(['camel2_srf', 'cap2_srf'], { oid: '0.4.0.0.1.0.52.1', family: 'camel', version: 2 });
  add(['camel3', 'cap3', 'cap_v3', 'camel'], { oid: '0.4.0.0.1.21.3.4', family: 'camel', version: 3 });
  add(['camel3_assist', 'cap3_assist'], { oid: '0.4.0.0.1.21.3.6', family: 'camel', version: 3 });
  add(['camel3_srf', 'cap3_srf'], { oid: '0.4.0.0.1.20.3.14', family: 'camel', version: 3 });
  add(['camel3_gprs', 'cap3_gprs'], { oid: '0.4.0.0.1.21.3.50', family: 'camel', version: 3 });
  add(['camel3_scf_gprs', 'cap3_scf_gprs'], { oid: '0.4.0.0.1.21.3.51', family: 'camel', version: 3 });
  add(['camel3_sms', 'cap3_sms'], { oid: '0.4.0.0.1.21.3.61', family: 'camel', version: 3 });
  add(['camel4', 'cap4', 'cap_v4'], { oid: '0.4.0.0.1.23.3.4', family: 'camel', version: 4 });
  add(['camel4_assist', 'cap4_assist'], { oid: '0.4.0.0.1.23.3.6', family: 'camel', version: 4 });
  add(['camel4_scf', 'cap4_scf', 'camel4_scf_to_ssf'], { oid: '0.4.0.0.1.23.3.8', family: 'camel', version: 4 });
  add(['camel4_srf', 'cap4_srf'], { oid: '0.4.0.0.1.22.3.14', family: 'camel', version: 4 });
  add(['camel4_sms', 'cap4_sms'], { oid: '0.4.0.0.1.23.3.61', family: 'camel', version: 4 });
  // MAP (TS 29.002): 0.4.0.0.1.0.<ac>.<version>
  for (const [name, arc, versions, shorts] of MAP_CONTEXTS) {
    for (const v of versions) {
      const e: Entry = { oid: `0.4.0.0.1.0.${arc}.${v}`, family: 'map', version: v };
      add([...shorts.map((s) => `${s}${v}`), ...shorts.map((s) => `${s}_v${v}`), `${name}_v${v}`], e);
    }
  }
  return t;
}

/** Canonical (first-listed) alias of each OID, as spelled in the table. */
const CANONICAL = new Map<string, string>();
const TABLE = buildTable();

/** Every alias (lower case) and the dotted OID it stands for. Aliases are matched case-insensitively. */
export const AC_ALIASES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...TABLE.entries()].map(([k, e]) => [k, e.oid])),
);

const BY_OID = new Map<string, Entry>();
for (const e of TABLE.values()) if (!BY_OID.has(e.oid)) BY_OID.set(e.oid, e);

const cache = new Map<string, ApplicationContext>();

function make(oid: string, bytes: Uint8Array): ApplicationContext {
  const e = BY_OID.get(oid);
  return Object.freeze({
    oid,
    bytes,
    hex: toHex(bytes),
    name: CANONICAL.get(oid),
    family: e?.family ?? (oid.startsWith('0.4.0.1.1.1.') ? 'inap' : 'other'),
    version: e?.version,
  });
}

/** The ApplicationContext of a dotted OID (throws AcError on an invalid OID). */
export function acFromOid(oid: string): ApplicationContext {
  let ac = cache.get(oid);
  if (ac) return ac;
  let bytes: Uint8Array;
  try {
    bytes = encodeOidContent(oid);
  } catch (e) {
    throw new AcError(`invalid application context OID '${oid}': ${(e as Error).message}`);
  }
  ac = make(oid, bytes);
  if (cache.size < 1000) cache.set(oid, ac);
  return ac;
}

/** Recently seen ACs, compared by content octets (no OID string is built for a known AC). */
const recent: ApplicationContext[] = [];

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The ApplicationContext of OID content octets (as received). Throws BerError on malformed content. */
export function acFromBytes(bytes: Uint8Array): ApplicationContext {
  for (let i = 0; i < recent.length; i++) if (sameBytes(recent[i]!.bytes, bytes)) return recent[i]!;
  const oid = decodeOidAt(bytes, 0, bytes.length);
  const ac = cache.get(oid) ?? make(oid, Uint8Array.from(bytes));
  if (recent.length >= 16) recent.pop();
  recent.unshift(ac);
  return ac;
}

/**
 * Resolve an `ssp_ac` / `hlr_ac` / `tcap_ac` value: an alias (case-insensitive: 'cs1', 'camel2', 'camel3',
 * 'camel4', 'ati3', 'anyTimeInfoEnquiryContext_v3', ... see AC_ALIASES), a dotted OID ('0.4.0.0.1.0.50.1'), or
 * hex of the OID content octets ('04000001003201', spaces/colons allowed, optional 0x). `null`, `undefined`,
 * '' and 'none' give null (no dialogue portion). Throws AcError with a readable message otherwise.
 */
export function resolveAc(value: string | null | undefined): ApplicationContext | null {
  if (value === null || value === undefined) return null;
  let ac = resolved.get(value);
  if (ac === undefined) {
    ac = resolveUncached(value);
    if (resolved.size < 1000) resolved.set(value, ac);
  }
  return ac;
}

/** resolveAc's answers by the value as given (a run resolves the same few names for every dialogue it opens). */
const resolved = new Map<string, ApplicationContext | null>();

function resolveUncached(value: string): ApplicationContext | null {
  const v = value.trim();
  if (v === '' || v.toLowerCase() === 'none' || v.toLowerCase() === 'null') return null;
  const alias = TABLE.get(v.toLowerCase());
  if (alias) return acFromOid(alias.oid);
  if (/^\d+(\.\d+)+$/.test(v)) return acFromOid(v);
  const bytes = parseHex(v);
  if (bytes && bytes.length > 0) {
    try {
      return acFromBytes(bytes);
    } catch (e) {
      if (e instanceof BerError) throw new AcError(`application context '${value}' is not valid OID content: ${e.reason}`);
      throw e;
    }
  }
  throw new AcError(
    `unknown application context '${value}': use an alias (cs1, camel2, camel3, camel4, ati3, sri3, ussd2, ...), a dotted OID or hex OID content such as 04000001003201`,
  );
}

/** The canonical alias of a dotted OID, if it has one. */
export function acName(oid: string): string | undefined {
  return CANONICAL.get(oid);
}
