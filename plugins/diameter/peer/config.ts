// One peer instance as configured in plugins.json (the plugin's `instances[]`), with defaults applied.
import { checkSctpConfig, sctpSchema, type SctpConfig } from '../../../sdk/index.js';

export type PeerMode = 'client' | 'server';

export interface ApplicationRef {
  /** Auth-Application-Id or Acct-Application-Id. */
  id: number;
  kind: 'auth' | 'acct';
  /** Vendor-Id of a vendor-specific application (sent in Vendor-Specific-Application-Id). */
  vendor: number;
}

export interface PeerConfig {
  name: string;
  mode: PeerMode;
  /** 'tcp' (default) or 'sctp' (RFC 6733 §2.1.1: PPID 46; the sdk's kernel or userland SCTP). */
  transport: 'tcp' | 'sctp';
  /** transport sctp: backend, more addresses (multi-homing), streams, timers. */
  sctp?: SctpConfig;
  /** client: the peer's address; server: the address to listen on. */
  host: string;
  port: number;
  origin_host: string;
  origin_realm: string;
  /** Destination-Realm / -Host put in requests when not given; default: the peer's Origin-Realm from CER/CEA. */
  destination_realm?: string;
  destination_host?: string;
  applications: ApplicationRef[];
  host_ip_addresses?: string[];
  vendor_id: number;
  product_name: string;
  firmware_revision?: number;
  /** server mode: accept only a peer with this Origin-Host. */
  peer_origin_host?: string;
  /** Tw of RFC 3539 (ms). */
  watchdog_ms: number;
  connect_timeout_ms: number;
  reconnect_min_ms: number;
  reconnect_max_ms: number;
  /** Default wait for an answer, and for a server-initiated request (from_server operations), ms (default 10 000). */
  request_timeout_ms: number;
  dpa_timeout_ms: number;
  max_message_bytes: number;
  /** Write every message this peer sends and receives to this pcap file (EXPORTED_PDU, dissector 'diameter'). */
  capture_file?: string;
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

export const applicationSchema = {
  oneOf: [
    { type: 'integer', minimum: 0, maximum: 4294967295 },
    { type: 'string', enum: Object.keys(NAMED_APPS) },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        auth: { type: 'integer', minimum: 0, maximum: 4294967295 },
        acct: { type: 'integer', minimum: 0, maximum: 4294967295 },
        vendor: { type: 'integer', minimum: 0, maximum: 4294967295 },
      },
      oneOf: [{ required: ['auth'] }, { required: ['acct'] }],
    },
  ],
};

export const peerConfigSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'origin_host', 'origin_realm'],
  properties: {
    name: { type: 'string', minLength: 1 },
    mode: { type: 'string', enum: ['client', 'server'], default: 'client' },
    transport: { type: 'string', enum: ['tcp', 'sctp'], default: 'tcp' },
    sctp: sctpSchema,
    host: { type: 'string', minLength: 1, default: '127.0.0.1' },
    port: { type: 'integer', minimum: 0, maximum: 65535, default: 3868 },
    origin_host: { type: 'string', minLength: 1, pattern: '^[\\x21-\\x7e]+$' },
    origin_realm: { type: 'string', minLength: 1, pattern: '^[\\x21-\\x7e]+$' },
    destination_realm: { type: 'string', minLength: 1 },
    destination_host: { type: 'string', minLength: 1 },
    applications: { type: 'array', items: applicationSchema, minItems: 1, default: ['credit-control'] },
    host_ip_addresses: { type: 'array', items: { type: 'string' } },
    vendor_id: { type: 'integer', minimum: 0, maximum: 4294967295, default: 0 },
    product_name: { type: 'string', default: 'tester-service' },
    firmware_revision: { type: 'integer', minimum: 0, maximum: 4294967295 },
    peer_origin_host: { type: 'string' },
    watchdog_ms: { type: 'integer', minimum: 100, default: 30000 },
    connect_timeout_ms: { type: 'integer', minimum: 10, default: 3000 },
    reconnect_min_ms: { type: 'integer', minimum: 10, default: 500 },
    reconnect_max_ms: { type: 'integer', minimum: 10, default: 10000 },
    request_timeout_ms: { type: 'integer', minimum: 1 },
    dpa_timeout_ms: { type: 'integer', minimum: 10, default: 2000 },
    max_message_bytes: { type: 'integer', minimum: 64, maximum: 16777215, default: 1048576 },
    capture_file: { type: 'string' },
  },
} as const;

type RawApp = number | string | { auth?: number; acct?: number; vendor?: number };

export function normaliseApplications(apps: readonly RawApp[] | undefined): ApplicationRef[] {
  const out: ApplicationRef[] = [];
  for (const a of apps ?? ['credit-control']) {
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

/** Apply defaults (when the schema has not) and normalise applications. */
export function peerConfig(raw: Record<string, unknown>): PeerConfig {
  const r = raw as Partial<PeerConfig> & { applications?: RawApp[] };
  const transport = r.transport ?? 'tcp';
  if (r.sctp && transport !== 'sctp') throw new Error(`diameter instance '${String(r.name)}': sctp options need transport sctp (it is ${transport})`);
  if (transport === 'sctp') checkSctpConfig(r.sctp, `diameter instance '${String(r.name)}'`);
  return {
    name: String(r.name),
    mode: r.mode ?? 'client',
    transport,
    ...(transport === 'sctp' ? { sctp: { backend: 'auto' as const, ...r.sctp } } : {}),
    host: r.host ?? '127.0.0.1',
    port: r.port ?? 3868,
    origin_host: String(r.origin_host),
    origin_realm: String(r.origin_realm),
    destination_realm: r.destination_realm,
    destination_host: r.destination_host,
    applications: normaliseApplications(r.applications as RawApp[] | undefined),
    host_ip_addresses: r.host_ip_addresses,
    vendor_id: r.vendor_id ?? 0,
    product_name: r.product_name ?? 'tester-service',
    firmware_revision: r.firmware_revision,
    peer_origin_host: r.peer_origin_host,
    watchdog_ms: r.watchdog_ms ?? 30000,
    connect_timeout_ms: r.connect_timeout_ms ?? 3000,
    reconnect_min_ms: r.reconnect_min_ms ?? 500,
    reconnect_max_ms: r.reconnect_max_ms ?? 10000,
    request_timeout_ms: r.request_timeout_ms ?? 10_000,
    dpa_timeout_ms: r.dpa_timeout_ms ?? 2000,
    max_message_bytes: r.max_message_bytes ?? 1048576,
    capture_file: r.capture_file,
  };
}
