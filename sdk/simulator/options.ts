// The options every peer simulator takes (`tester scp-sim`, `hlr-sim`, `diameter-ocs`), declared once as command
// options (CliOption): where to listen or connect, the transport, the wait inside an exchange, the statistics line,
// quiet; and --workers for a simulator that can spread over processes. A simulator adds its own beside them.

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

/** The options of every simulator; `listen` is where it listens unless --connect is given. */
export function simulatorOptions(defaults: { listen: string }) {
  return {
    listen: { value: 'HOST:PORT', description: 'listen for the peer (port 0 = any free port)', default: defaults.listen, parse: parseAddress },
    connect: { value: 'HOST:PORT', description: 'connect to the peer at HOST:PORT instead', parse: parseAddress },
    transport: { value: 'T', description: 'the transport', choices: ['tcp', 'sctp'], default: 'tcp' },
    sctpBackend: { value: 'B', description: 'with --transport sctp: the SCTP stack (auto: the kernel\'s if available, else userland)', choices: ['auto', 'kernel', 'userland'], default: 'auto' },
    timeoutMs: { value: 'N', description: "wait for the peer's next message inside an exchange (ms)", type: 'integer', min: 0, default: 10_000 },
    stats: { value: 'SECS', description: 'print a statistics line to stderr every SECS seconds', type: 'number', min: 0 },
    quiet: { description: 'no log lines' },
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
  timeoutMs: number;
  stats: number | undefined;
  quiet: boolean;
  workers?: number;
}

/** `HOST:PORT` of an address. */
export function addressText(a: Address): string {
  return `${a.host}:${a.port}`;
}
