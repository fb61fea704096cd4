// The options every peer simulator takes (`tester scp-sim`, `hlr-sim`, `diameter-ocs`), declared once as command
// options (CliOption): where to listen or connect, the transport and the gateway's SCTP options, the wait inside an
// exchange, the statistics line, quiet; and --workers for a simulator that can spread over processes. A simulator
// adds its own beside them.
import { Value } from 'typebox/value';
import { checkSctpConfig, sctpSchema, type SctpConfig } from '../net/sctp/options.js';

export interface Address {
  host: string;
  port: number;
}

/** `HOST:PORT` (an empty host is 127.0.0.1); throws on anything else. */
export function parseAddress(text: string): Address {
  const m = /^(.*):(\d+)$/.exec(text);
  if (!m || Number(m[2]) > 65535) throw new Error(`expected HOST:PORT, got '${text}'`);
  return { host: m[1] || '127.0.0.1', port: Number(m[2]) };
}

/**
 * `--sctp JSON`: the `sctp` object of a gateway instance in plugins.json (more local and remote addresses for
 * multi-homing, streams, RTO and heartbeat timers, the backend), checked by its schema; throws naming the field.
 */
export function parseSctpOption(text: string): SctpConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`expected the JSON of a gateway's sctp object, e.g. '{"localAddresses":["10.0.2.1"]}': ${(e as Error).message}`);
  }
  const first = [...Value.Errors(sctpSchema, value)].find((e) => e.keyword !== 'boolean');
  if (first) {
    const extra = (first.params as { additionalProperties?: string[] }).additionalProperties;
    const where = `sctp${first.instancePath.replace(/\//g, '.')}`;
    throw new Error(extra ? `${where}: unknown option '${extra[0]}' (known: ${Object.keys(sctpSchema.properties).join(', ')})` : `${where}: ${first.message}`);
  }
  checkSctpConfig(value as SctpConfig, 'sctp');
  return value as SctpConfig;
}

/** The options of every simulator; `listen` is where it listens unless --connect is given. */
export function simulatorOptions(defaults: { listen: string }) {
  return {
    listen: { value: 'HOST:PORT', description: 'listen for the peer (port 0 = any free port)', default: defaults.listen, parse: parseAddress },
    connect: { value: 'HOST:PORT', description: 'connect to the peer at HOST:PORT instead', parse: parseAddress },
    transport: { value: 'T', description: 'the transport', choices: ['tcp', 'sctp'], default: 'tcp' },
    sctpBackend: { value: 'B', description: 'with --transport sctp: the SCTP stack (auto: the kernel\'s if available, else userland)', choices: ['auto', 'kernel', 'userland'], default: 'auto' },
    sctp: {
      value: 'JSON',
      description: 'with --transport sctp: the gateway\'s sctp options as in plugins.json, e.g. \'{"localAddresses":["10.0.2.1"],"remoteAddresses":["10.0.2.2"],"heartbeatIntervalMs":500}\' (multi-homing, streams, timers)',
      parse: parseSctpOption,
    },
    timeoutMs: { value: 'N', description: "wait for the peer's next message inside an exchange (ms)", type: 'integer', min: 0, default: 10_000 },
    stats: { value: 'SECS', description: 'print a statistics line to stderr every SECS seconds', type: 'number', min: 0 },
    quiet: { description: 'no log lines' },
    seed: { value: 'N', description: 'seed of the random choices (a script\'s weighted outcomes, answer delays): the same arrivals get the same choices', type: 'integer', min: 0 },
  } as const;
}

/** --workers N, for a simulator whose connections can be served by N processes on one port (node:cluster). */
export const workersOption = {
  workers: {
    value: 'N',
    description: 'N processes (node:cluster) accept connections on the same port, so the simulator uses N cores (tcp only; each connection is served by one process)',
    type: 'integer',
    min: 1,
    max: 64,
    default: 1,
  },
} as const;

/** The values of simulatorOptions() (and workersOption) a simulator's run gets. */
export interface SimulatorValues {
  listen: Address;
  connect: Address | undefined;
  transport: 'tcp' | 'sctp';
  sctpBackend: 'auto' | 'kernel' | 'userland';
  sctp: SctpConfig | undefined;
  timeoutMs: number;
  stats: number | undefined;
  quiet: boolean;
  seed: number | undefined;
  workers?: number;
}

/**
 * The SCTP options of a simulator's gateway (undefined over TCP): --sctp with --sctp-backend unless --sctp names a
 * backend itself. Throws when --sctp is given without --transport sctp.
 */
export function simulatorSctp(o: Pick<SimulatorValues, 'transport' | 'sctp' | 'sctpBackend'>): SctpConfig | undefined {
  if (o.transport !== 'sctp') {
    if (o.sctp) throw new Error('--sctp needs --transport sctp');
    return undefined;
  }
  return { ...o.sctp, backend: o.sctp?.backend ?? o.sctpBackend };
}

/** `HOST:PORT` of an address. */
export function addressText(a: Address): string {
  return `${a.host}:${a.port}`;
}
