// The command-line shell of a peer simulator on one gateway instance (`tester hlr-sim`): the gateway options every
// simulator takes (--listen / --connect, --transport, --sctp-backend, --opc, --dpc, --ssn, --rc, --timeout-ms,
// --stats, --quiet, --config), start, the "listening on" line, periodic statistics, and SIGINT/SIGTERM ending with
// the final statistics as one JSON line. Exported to dependent plugins (see `exports` in ../index.ts).
import type { SigtranGateway, SigtranInstanceConfig } from '../api.js';
import { listenAddress, startStandaloneGateway } from './standalone.js';

/** The options every simulator takes, for its help text. */
export const SIMULATOR_OPTIONS = `  --listen HOST:PORT    listen for the M3UA association as an SGP (port 0 = any free port)
  --connect HOST:PORT   connect to HOST:PORT instead (as an ASP)
  --transport T         tcp (default) or sctp (M3UA over SCTP, PPID 3)
  --sctp-backend B      with --transport sctp: auto (default), kernel or userland
  --opc N --dpc N       our and the peer's point code
  --ssn N               our SSN
  --rc N                M3UA routing context
  --timeout-ms N        wait for the peer's next message inside a dialogue (default 10000)
  --stats SECS          print a statistics line to stderr every SECS seconds
  --quiet               no log lines
  --config FILE         plugins.json the CLI reads to find this command`;

export interface RunningSimulator {
  /** Statistics (printed as `{ "<name with _>": stats }` at the end). */
  stats(): Record<string, unknown>;
  stop(): void;
}

export interface SimulatorSpec {
  /** The command name, e.g. 'hlr-sim'. */
  name: string;
  help: string;
  defaults: { listen: string; opc: number; dpc: number; ssn: number };
  /** The simulator's own options that take a value (e.g. ['--script']). */
  options: readonly string[];
  /** Read the simulator's options (before the gateway starts); throw an Error with a readable message to refuse. */
  prepare(options: Readonly<Record<string, string>>): void | Promise<void>;
  /** Start on the gateway, once it is created. */
  start(gw: SigtranGateway, ctx: { timeoutMs: number; log: (t: string) => void }): RunningSimulator;
}

function hostPort(v: string | undefined): { host: string; port: number } | undefined {
  const m = /^(.*):(\d+)$/.exec(v ?? '');
  return m ? { host: m[1] || '127.0.0.1', port: Number(m[2]) } : undefined;
}

/** Run the simulator until SIGINT/SIGTERM; returns the exit code (2 for bad options). */
export async function runSimulator(spec: SimulatorSpec, args: readonly string[]): Promise<number> {
  let listen = spec.defaults.listen;
  let connect: string | undefined;
  let { opc, dpc, ssn } = spec.defaults;
  let statsSecs = 0, timeoutMs = 10_000;
  let rc: number | undefined;
  let quiet = false;
  let transport = 'tcp', sctpBackend = 'auto';
  const own: Record<string, string> = {};
  const fail = (text: string) => {
    process.stderr.write(`${spec.name}: ${text}\n`);
    return 2;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') {
      process.stdout.write(spec.help + '\n');
      return 0;
    }
    if (a === '--quiet') {
      quiet = true;
      continue;
    }
    const v = args[++i];
    if (v === undefined) return fail(`${a} needs a value\n${spec.help}`);
    if (a === '--listen') listen = v;
    else if (a === '--connect') connect = v;
    else if (a === '--transport') transport = v;
    else if (a === '--sctp-backend') sctpBackend = v;
    else if (a === '--opc') opc = Number(v);
    else if (a === '--dpc') dpc = Number(v);
    else if (a === '--ssn') ssn = Number(v);
    else if (a === '--rc') rc = Number(v);
    else if (a === '--timeout-ms') timeoutMs = Number(v);
    else if (a === '--stats') statsSecs = Number(v);
    else if (a === '--config') continue; // read by the CLI to find the plugin
    else if (spec.options.includes(a)) own[a] = v;
    else return fail(`unknown option ${a}\n${spec.help}`);
  }
  const addr = hostPort(connect ?? listen);
  if (!addr || [opc, dpc, ssn, timeoutMs, statsSecs].some((n) => !Number.isInteger(n) || n < 0)) return fail('bad address, point code, SSN or number');
  if ((transport !== 'tcp' && transport !== 'sctp') || !['auto', 'kernel', 'userland'].includes(sctpBackend)) return fail('--transport is tcp or sctp, --sctp-backend auto, kernel or userland');
  try {
    await spec.prepare(own);
  } catch (e) {
    return fail((e as Error).message);
  }
  const log = (t: string) => {
    if (!quiet) process.stderr.write(t + '\n');
  };
  const t = transport as 'tcp' | 'sctp';
  const inst: Partial<SigtranInstanceConfig> & { name: string } = connect
    ? { name: spec.name.toUpperCase(), transport: `${t}-client`, host: addr.host, port: addr.port, role: 'asp', opc, dpc, ssn, tcapTimeoutMs: timeoutMs }
    : { name: spec.name.toUpperCase(), transport: `${t}-server`, localHost: addr.host, localPort: addr.port, role: 'sgp', opc, dpc, ssn, tcapTimeoutMs: timeoutMs };
  if (t === 'sctp') inst.sctp = { backend: sctpBackend as 'auto' | 'kernel' | 'userland' };
  if (rc !== undefined) inst.routingContext = rc;
  let gw: SigtranGateway;
  try {
    gw = await startStandaloneGateway(inst, log);
  } catch (e) {
    process.stderr.write(`${spec.name}: ${(e as Error).message}\n`);
    return 1;
  }
  const sim = spec.start(gw, { timeoutMs, log });
  process.stdout.write(connect ? `${spec.name} connecting to ${connect}\n` : `${spec.name} listening on ${listenAddress(gw) ?? listen}\n`);
  const timer = statsSecs > 0 ? setInterval(() => process.stderr.write(`${spec.name}: ${JSON.stringify(sim.stats())} gateway ${gw.state()}\n`), statsSecs * 1000) : undefined;
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  if (timer) clearInterval(timer);
  sim.stop();
  await gw.stop?.();
  process.stdout.write(JSON.stringify({ [spec.name.replace(/-/g, '_')]: sim.stats() }) + '\n');
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}
