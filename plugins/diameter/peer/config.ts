// One peer instance as plugins.json declares it (the plugin's `instances[]`): the schema the loader validates, the
// type it gives, and the PeerConfig a DiameterPeer runs on (defaults applied, applications normalised).
import { checkSctpConfig, OneOf, sctpSchema, Type, type Static } from '../../../sdk/index.js';

export interface ApplicationRef {
  /** Auth-Application-Id or Acct-Application-Id. */
  id: number;
  kind: 'auth' | 'acct';
  /** Vendor-Id of a vendor-specific application (sent in Vendor-Specific-Application-Id). */
  vendor: number;
}

const NAMED_APPS: Record<string, ApplicationRef> = {
  'credit-control': { id: 4, kind: 'auth', vendor: 0 },
  dcca: { id: 4, kind: 'auth', vendor: 0 },
  ro: { id: 4, kind: 'auth', vendor: 0 },
  gy: { id: 4, kind: 'auth', vendor: 0 },
  sh: { id: 16777217, kind: 'auth', vendor: 10415 },
  accounting: { id: 3, kind: 'acct', vendor: 0 },
  relay: { id: 0xffffffff, kind: 'auth', vendor: 0 },
};

/**
 * What a peer does without the option: the schema's defaults, and peerConfig's for a config not validated (the
 * simulator, tests). request_timeout_ms is peerConfig's only: the schema leaves it out of the options.
 */
export const PEER_DEFAULTS = {
  mode: 'client',
  transport: 'tcp',
  host: '127.0.0.1',
  port: 3868,
  applications: ['credit-control'],
  vendor_id: 0,
  product_name: 'tester-service',
  watchdog_ms: 30_000,
  connect_timeout_ms: 3_000,
  reconnect_min_ms: 500,
  reconnect_max_ms: 10_000,
  request_timeout_ms: 10_000,
  dpa_timeout_ms: 2_000,
  max_message_bytes: 1_048_576,
} as const;

const u32 = (options: { default?: number } = {}) => Type.Integer({ minimum: 0, maximum: 4294967295, ...options });
const identity = (description: string) => Type.String({ minLength: 1, pattern: '^[\\x21-\\x7e]+$', description });

const applicationSchema = OneOf([
  u32(),
  Type.Enum(Object.keys(NAMED_APPS), { type: 'string' }),
  Type.Object({ auth: Type.Optional(u32()), acct: Type.Optional(u32()), vendor: Type.Optional(u32()) }, { additionalProperties: false, oneOf: [{ required: ['auth'] }, { required: ['acct'] }] }),
]);

export const peerOptionsSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    mode: Type.Optional(Type.Enum(['client', 'server'], { type: 'string', default: PEER_DEFAULTS.mode })),
    transport: Type.Optional(Type.Enum(['tcp', 'sctp'], { type: 'string', default: PEER_DEFAULTS.transport, description: "'tcp' or 'sctp' (RFC 6733 §2.1.1: PPID 46; the sdk's kernel or userland SCTP)" })),
    sctp: Type.Optional(sctpSchema),
    host: Type.Optional(Type.String({ minLength: 1, default: PEER_DEFAULTS.host, description: "client: the peer's address; server: the address to listen on" })),
    port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535, default: PEER_DEFAULTS.port })),
    origin_host: identity('Origin-Host of this peer (DiameterIdentity)'),
    origin_realm: identity('Origin-Realm of this peer'),
    destination_realm: Type.Optional(Type.String({ minLength: 1, description: "Destination-Realm put in requests that give none (default: the peer's Origin-Realm from CER/CEA)" })),
    destination_host: Type.Optional(Type.String({ minLength: 1, description: 'Destination-Host put in requests that give none' })),
    applications: Type.Optional(Type.Array(applicationSchema, { minItems: 1, default: PEER_DEFAULTS.applications, description: 'Applications advertised in CER/CEA: an id, a name, or {auth|acct, vendor}' })),
    host_ip_addresses: Type.Optional(Type.Array(Type.String())),
    vendor_id: Type.Optional(u32({ default: PEER_DEFAULTS.vendor_id })),
    product_name: Type.Optional(Type.String({ default: PEER_DEFAULTS.product_name })),
    firmware_revision: Type.Optional(u32()),
    peer_origin_host: Type.Optional(Type.String({ description: 'server mode: accept only a peer with this Origin-Host' })),
    watchdog_ms: Type.Optional(Type.Integer({ minimum: 100, default: PEER_DEFAULTS.watchdog_ms, description: 'Tw of RFC 3539, ms' })),
    connect_timeout_ms: Type.Optional(Type.Integer({ minimum: 10, default: PEER_DEFAULTS.connect_timeout_ms })),
    reconnect_min_ms: Type.Optional(Type.Integer({ minimum: 10, default: PEER_DEFAULTS.reconnect_min_ms })),
    reconnect_max_ms: Type.Optional(Type.Integer({ minimum: 10, default: PEER_DEFAULTS.reconnect_max_ms })),
    request_timeout_ms: Type.Optional(Type.Integer({ minimum: 1, description: `Default wait for an answer, and for a server-initiated request (from_server operations), ms (default ${PEER_DEFAULTS.request_timeout_ms})` })),
    dpa_timeout_ms: Type.Optional(Type.Integer({ minimum: 10, default: PEER_DEFAULTS.dpa_timeout_ms })),
    max_message_bytes: Type.Optional(Type.Integer({ minimum: 64, maximum: 16777215, default: PEER_DEFAULTS.max_message_bytes })),
    capture_file: Type.Optional(Type.String({ description: "Write every message this peer sends and receives to this pcap file (EXPORTED_PDU, dissector 'diameter')" })),
  },
  { additionalProperties: false },
);

/** A peer instance as plugins.json gives it. */
type PeerOptions = Static<typeof peerOptionsSchema>;

type Defaulted = Exclude<keyof typeof PEER_DEFAULTS, 'applications'>;

/** A peer instance with the defaults applied and its applications normalised. */
export type PeerConfig = Omit<PeerOptions, Defaulted | 'applications'> & Required<Pick<PeerOptions, Defaulted>> & { applications: ApplicationRef[] };

type RawApp = NonNullable<PeerOptions['applications']>[number];

export function normaliseApplications(apps: readonly RawApp[] | undefined): ApplicationRef[] {
  const out: ApplicationRef[] = [];
  for (const a of apps ?? PEER_DEFAULTS.applications) {
    if (typeof a === 'number') out.push({ id: a, kind: 'auth', vendor: 0 });
    else if (typeof a === 'string') {
      const n = NAMED_APPS[a];
      if (!n) throw new Error(`unknown application name '${a}' (use ${Object.keys(NAMED_APPS).join(', ')} or a number)`);
      out.push({ ...n });
    } else if (a.auth !== undefined) out.push({ id: a.auth, kind: 'auth', vendor: a.vendor ?? 0 });
    else if (a.acct !== undefined) out.push({ id: a.acct, kind: 'acct', vendor: a.vendor ?? 0 });
  }
  return out;
}

/** The options without the keys given as undefined (they take the defaults). */
function given<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Apply the defaults (to a config the schema has not validated too) and normalise the applications. */
export function peerConfig(raw: Record<string, unknown>): PeerConfig {
  const { applications, sctp, ...rest } = raw as PeerOptions;
  const c = { ...PEER_DEFAULTS, ...given(rest) };
  const where = `diameter instance '${String(rest.name)}'`;
  if (sctp && c.transport !== 'sctp') throw new Error(`${where}: sctp options need transport sctp (it is ${c.transport})`);
  if (c.transport === 'sctp') checkSctpConfig(sctp, `${where}.sctp`);
  return {
    ...c,
    ...(c.transport === 'sctp' ? { sctp: { backend: 'auto' as const, ...sctp } } : {}),
    applications: normaliseApplications(applications),
  };
}
