// plugins.json options of the sigtran plugin: the JSON schema, defaults and normalisation to SigtranInstanceConfig.
import { checkSctpConfig, sctpSchema, type JsonSchema } from '../../../sdk/index.js';
import type { GlobalTitle, SigtranInstanceConfig } from '../api.js';

const gtSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['digits'],
  properties: {
    digits: { type: 'string', pattern: '^[0-9a-fA-F]{1,40}$' },
    gti: { type: 'integer', enum: [1, 2, 3, 4], default: 4 },
    tt: { type: 'integer', minimum: 0, maximum: 255 },
    np: { type: 'integer', minimum: 0, maximum: 15 },
    nai: { type: 'integer', minimum: 0, maximum: 127 },
  },
};

const instanceSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, description: 'Instance name (the ExecuteTest `sigtran` param picks it).' },
    adaptation: { type: 'string', enum: ['m3ua', 'sua'], default: 'm3ua', description: 'm3ua: TCAP in SCCP in M3UA DATA; sua: TCAP in SUA CLDT (RFC 3868).' },
    transport: { type: 'string', enum: ['tcp-client', 'tcp-server', 'sctp-client', 'sctp-server', 'memory'], default: 'tcp-client' },
    host: { type: 'string', description: 'tcp-client / sctp-client: peer host (default 127.0.0.1).' },
    port: { type: 'integer', minimum: 0, maximum: 65535, description: 'tcp-client / sctp-client: peer port (default 2905).' },
    localHost: { type: 'string', description: 'tcp-server / sctp-server: bind address (default 127.0.0.1); clients: source address.' },
    localPort: { type: 'integer', minimum: 0, maximum: 65535, description: 'tcp-server / sctp-server: listen port (default 2905; 0 = any).' },
    sctp: { ...sctpSchema, description: 'sctp-client / sctp-server: SCTP backend, more addresses (multi-homing), streams and timers' },
    memoryChannel: { type: 'string', description: 'memory: channel name shared by the two instances.' },
    role: { type: 'string', enum: ['asp', 'sgp', 'ipsp'], default: 'asp' },
    routingContext: { type: 'integer', minimum: 0, maximum: 4294967295 },
    networkAppearance: { type: 'integer', minimum: 0, maximum: 4294967295 },
    trafficMode: { type: 'string', enum: ['override', 'loadshare', 'broadcast'], default: 'loadshare' },
    aspId: { type: 'integer', minimum: 0, maximum: 4294967295 },
    opc: { type: 'integer', minimum: 0, maximum: 16777215 },
    dpc: { type: 'integer', minimum: 0, maximum: 16777215 },
    ni: { type: 'integer', minimum: 0, maximum: 3, default: 2 },
    pointCodeBits: { type: 'integer', enum: [14, 24], default: 14 },
    ssn: { type: 'integer', minimum: 1, maximum: 255 },
    gt: gtSchema,
    callingRi: { type: 'string', enum: ['gt', 'ssn'] },
    remote: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ri: { type: 'string', enum: ['gt', 'ssn'] },
        pc: { type: 'integer', minimum: 0, maximum: 16777215 },
        ssn: { type: 'integer', minimum: 1, maximum: 255 },
        gt: gtSchema,
      },
    },
    sccpClass: { type: 'integer', enum: [0, 1], default: 1 },
    returnOnError: { type: 'boolean', default: true },
    sccpMessage: { type: 'string', enum: ['udt', 'xudt'], default: 'udt' },
    tcapTimeoutMs: { type: 'integer', minimum: 1, maximum: 3600000, default: 10000 },
    beatIntervalMs: { type: 'integer', minimum: 0, maximum: 3600000, default: 30000 },
    reconnectMinMs: { type: 'integer', minimum: 10, maximum: 600000, default: 500 },
    reconnectMaxMs: { type: 'integer', minimum: 10, maximum: 3600000, default: 10000 },
    maxDialogues: { type: 'integer', minimum: 1, maximum: 10000000, default: 100000 },
    pcap: { type: 'string', minLength: 1, description: 'Write every message sent and received to this pcap file.' },
  },
};

export const optionsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    instances: { type: 'array', items: instanceSchema, default: [] },
    default: { type: 'string', description: 'Name of the default instance (otherwise the first).' },
  },
};

export interface SigtranOptions {
  instances?: Array<Partial<SigtranInstanceConfig> & { name: string }>;
  default?: string;
}

/** Apply defaults and check what the schema cannot. Throws Error with a readable message. */
export function normalizeInstance(raw: Partial<SigtranInstanceConfig> & { name: string }): SigtranInstanceConfig {
  const transport = raw.transport ?? 'tcp-client';
  const pointCodeBits = raw.pointCodeBits ?? 14;
  const maxPc = pointCodeBits === 24 ? 0xffffff : 0x3fff;
  const role = raw.role ?? 'asp';
  const c: SigtranInstanceConfig = {
    name: raw.name,
    adaptation: raw.adaptation ?? 'm3ua',
    transport,
    role,
    trafficMode: raw.trafficMode ?? 'loadshare',
    opc: raw.opc ?? 1,
    dpc: raw.dpc ?? 2,
    ni: raw.ni ?? 2,
    pointCodeBits,
    ssn: raw.ssn ?? 146,
    sccpClass: raw.sccpClass ?? 1,
    returnOnError: raw.returnOnError ?? true,
    sccpMessage: raw.sccpMessage ?? 'udt',
    tcapTimeoutMs: raw.tcapTimeoutMs ?? 10000,
    beatIntervalMs: raw.beatIntervalMs ?? 30000,
    reconnectMinMs: raw.reconnectMinMs ?? 500,
    reconnectMaxMs: raw.reconnectMaxMs ?? 10000,
    maxDialogues: raw.maxDialogues ?? 100000,
  };
  if (transport === 'tcp-client' || transport === 'sctp-client') {
    c.host = raw.host ?? '127.0.0.1';
    c.port = raw.port ?? 2905;
    if (raw.localHost !== undefined) c.localHost = raw.localHost;
    if (raw.localPort !== undefined) c.localPort = raw.localPort;
  } else if (transport === 'tcp-server' || transport === 'sctp-server') {
    c.localHost = raw.localHost ?? '127.0.0.1';
    c.localPort = raw.localPort ?? 2905;
  } else {
    c.memoryChannel = raw.memoryChannel ?? raw.name;
  }
  for (const k of ['routingContext', 'networkAppearance', 'aspId', 'pcap', 'callingRi'] as const) {
    if (raw[k] !== undefined) (c as unknown as Record<string, unknown>)[k] = raw[k];
  }
  if (transport === 'sctp-client' || transport === 'sctp-server') {
    c.sctp = { backend: 'auto', ...raw.sctp };
    checkSctpConfig(c.sctp, `sigtran instance '${c.name}'.sctp`);
  } else if (raw.sctp) {
    throw new Error(`sigtran instance '${c.name}': sctp options need transport sctp-client or sctp-server (it is ${transport})`);
  }
  if (raw.gt) c.gt = normalizeGt(raw.gt);
  if (raw.remote) {
    c.remote = { ...raw.remote };
    if (raw.remote.gt) c.remote.gt = normalizeGt(raw.remote.gt);
  }
  for (const [what, pc] of [['opc', c.opc], ['dpc', c.dpc], ['remote.pc', c.remote?.pc]] as const) {
    if (pc !== undefined && pc > maxPc) throw new Error(`sigtran instance '${c.name}': ${what} ${pc} does not fit ${pointCodeBits}-bit point codes`);
  }
  if (c.reconnectMaxMs < c.reconnectMinMs) c.reconnectMaxMs = c.reconnectMinMs;
  return c;
}

function normalizeGt(g: GlobalTitle): GlobalTitle {
  return { gti: g.gti ?? 4, digits: g.digits, tt: g.tt ?? 0, np: g.np ?? 1, nai: g.nai ?? 4 };
}
