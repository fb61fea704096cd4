// TCAP application contexts: the resolver of AC values (alias, dotted OID, hex) and the registry of aliases. The
// contexts themselves belong to the TCAP users: each registers its rows (registerContexts) when its context module
// loads, so this file names no user.
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
  /** Canonical alias when a TCAP user registered the OID, otherwise undefined. */
  readonly name: string | undefined;
  /** Protocol family of the TCAP user that registered the OID (registerContexts); 'other' for an unregistered OID. */
  readonly family: string;
  /** Version arc when the registered row gives one (a CAP phase, a MAP version). */
  readonly version: number | undefined;
}

/** Thrown by resolveAc() on a value that is neither an alias, a dotted OID nor hex OID content. */
export class AcError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AcError';
  }
}

/** One application context a TCAP user declares (the inap plugin its INAP/CAP contexts, map its MAP contexts). */
export interface ContextRow {
  /** Dotted OID. */
  readonly oid: string;
  /** The aliases a value may use (matched case-insensitively); the first is the context's canonical name. */
  readonly names: readonly string[];
  /** The user's name for the protocol family of the context. */
  readonly family: string;
  /** Version arc, when the family has versions (CAP phase, MAP version). */
  readonly version?: number;
}

/** Aliases (lower case) to their rows. */
const TABLE = new Map<string, ContextRow>();
/** Canonical (first-registered) alias of each OID, as spelled by its row. */
const CANONICAL = new Map<string, string>();
const BY_OID = new Map<string, ContextRow>();

/** Every alias (lower case) and the dotted OID it stands for; it grows as the TCAP users register their contexts. */
export const AC_ALIASES: Readonly<Record<string, string>> = {};

/**
 * Add a TCAP user's application contexts to the resolver (each user's context module calls it as it loads). An alias
 * already standing for another OID is refused (a boot error naming both); the same row twice changes nothing.
 */
export function registerContexts(rows: readonly ContextRow[]): void {
  for (const row of rows) {
    for (const n of row.names) {
      const was = TABLE.get(n.toLowerCase());
      if (was && was.oid !== row.oid) throw new Error(`application context alias '${n}' stands for ${was.oid} already, not ${row.oid}`);
    }
  }
  for (const row of rows) {
    if (!BY_OID.has(row.oid)) BY_OID.set(row.oid, row);
    for (const n of row.names) {
      TABLE.set(n.toLowerCase(), row);
      (AC_ALIASES as Record<string, string>)[n.toLowerCase()] = row.oid;
      if (!CANONICAL.has(row.oid)) CANONICAL.set(row.oid, n);
    }
  }
  // contexts made before a row named them would keep no name: resolve afresh
  cache.clear();
  recent.length = 0;
  resolved.clear();
}

/** A few aliases for messages: the canonical name of the first context of each family and version. */
function examples(): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [oid, row] of BY_OID) {
    const k = `${row.family}|${row.version}`;
    if (seen.has(k) || out.length >= 8) continue;
    seen.add(k);
    out.push(CANONICAL.get(oid)!);
  }
  return out.length ? `${out.join(', ')}, ...` : 'none registered';
}

const cache = new Map<string, ApplicationContext>();

function make(oid: string, bytes: Uint8Array): ApplicationContext {
  const e = BY_OID.get(oid);
  return Object.freeze({
    oid,
    bytes,
    hex: toHex(bytes),
    name: CANONICAL.get(oid),
    family: e?.family ?? 'other',
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

function sameBytesAt(a: Uint8Array, buf: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== buf[start + i]) return false;
  return true;
}

/** The ApplicationContext of OID content octets (as received). Throws BerError on malformed content. */
export function acFromBytes(bytes: Uint8Array): ApplicationContext {
  return acAt(bytes, 0, bytes.length);
}

/** The ApplicationContext of the OID content octets `buf[start, end)`: one of the recent ones without a copy. */
export function acAt(buf: Uint8Array, start: number, end: number): ApplicationContext {
  for (let i = 0; i < recent.length; i++) if (sameBytesAt(recent[i]!.bytes, buf, start, end)) return recent[i]!;
  const oid = decodeOidAt(buf, start, end);
  const ac = cache.get(oid) ?? make(oid, Uint8Array.from(buf.subarray(start, end)));
  if (recent.length >= 16) recent.pop();
  recent.unshift(ac);
  return ac;
}

/**
 * Resolve an application-context value of a TCAP user's params or arguments: an alias some user registered
 * (case-insensitive, see AC_ALIASES), a dotted OID ('1.2.3.4'), or hex of the OID content octets ('2a0304',
 * spaces/colons allowed, optional 0x). `null`, `undefined`,
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
    `unknown application context '${value}': use an alias (${examples()}), a dotted OID or hex of the OID content octets`,
  );
}

/** The canonical alias of a dotted OID, if it has one. */
export function acName(oid: string): string | undefined {
  return CANONICAL.get(oid);
}
