// `tester scp-sim`: the reference SCP, on the same M3UA/SCCP/TCAP stack as the service (the sigtran plugin's
// gateway), answering InitialDPs (and AssistRequestInstructions) as a small script says. The demo and the
// benchmark use it as the peer; tests use startScpSim() in-process.
import type { CliCommand } from '../../../sdk/index.js';
import type { SigtranGateway, SigtranInstanceConfig } from '../../sigtran/api.js';
import { listenAddress, startStandaloneGateway as startGateway } from '../../sigtran/gateway/standalone.js';
import { configure, type InapOptions } from '../options.js';
import { startScpSim, type SimStats } from './engine.js';
import cluster from 'node:cluster';
import { DEFAULT_SCRIPT, ScriptError, loadScript, type Script } from './script.js';

const HELP = `Usage: tester scp-sim [options]

A scriptable reference SCP over M3UA/TCP or M3UA/SCTP. By default it listens on 127.0.0.1:2905 as an M3UA
SGP (the service's sigtran instance connects to it as an ASP) and releases every InitialDP with cause 16.

Options:
  --listen HOST:PORT    listen for the M3UA association (default 127.0.0.1:2905; port 0 = any free port)
  --connect HOST:PORT   connect to HOST:PORT instead (as an ASP)
  --transport T         tcp (default) or sctp (M3UA over SCTP, PPID 3; docs/plugins/sigtran.md "SCTP")
  --sctp-backend B      with --transport sctp: auto (default: kernel if available), kernel or userland
  --script FILE         the answer script (JSON, see docs/plugins/inap.md "scp-sim"); default: release all, cause 16
  --opc N --dpc N       our and the peer's point code (default 2 and 1)
  --ssn N               our SSN (default 146)
  --rc N                M3UA routing context
  --variant V           codec when a Begin carries no AC (cs1, camel2, camel3, camel4; default: the script's)
  --timeout-ms N        wait for the peer's next message inside a flow (default 10000)
  --stats SECS          print a statistics line to stderr every SECS seconds
  --workers N           N processes (node:cluster) accept associations on the same port, so the reference SCP
                        uses N cores (tcp only; each association is served by one process; default 1)
  --quiet               no log lines
  --config FILE         plugins.json the CLI reads to find this command (the inap entry's options apply)
Prints "scp-sim listening on HOST:PORT" (or "connecting to ...") on stdout when ready; on SIGINT/SIGTERM it
prints the final statistics as one JSON line and exits 0 (with --workers, their sum and each process's in
"workers").`;

function hostPort(v: string | undefined): { host: string; port: number } | undefined {
  const m = /^(.*):(\d+)$/.exec(v ?? '');
  return m ? { host: m[1] || '127.0.0.1', port: Number(m[2]) } : undefined;
}

export const scpSimCommand: CliCommand<InapOptions> = {
  description: 'Run the reference SCP (scriptable answers to InitialDP) over M3UA/TCP or M3UA/SCTP',
  help: HELP,
  async run(args, options) {
    configure(options);
    let listen = '127.0.0.1:2905';
    let connect: string | undefined;
    let scriptPath: string | undefined;
    let opc = 2, dpc = 1, ssn = 146, statsSecs = 0, timeoutMs = 10_000;
    let rc: number | undefined;
    let variant: string | undefined;
    let quiet = false;
    let transport = 'tcp';
    let sctpBackend = 'auto';
    let workers = 1;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const val = (): string => {
        const v = args[++i];
        if (v === undefined) throw new ScriptError(`${a} needs a value`);
        return v;
      };
      try {
        if (a === '--listen') listen = val();
        else if (a === '--connect') connect = val();
        else if (a === '--script') scriptPath = val();
        else if (a === '--transport') transport = val();
        else if (a === '--sctp-backend') sctpBackend = val();
        else if (a === '--opc') opc = Number(val());
        else if (a === '--dpc') dpc = Number(val());
        else if (a === '--ssn') ssn = Number(val());
        else if (a === '--rc') rc = Number(val());
        else if (a === '--variant') variant = val();
        else if (a === '--timeout-ms') timeoutMs = Number(val());
        else if (a === '--stats') statsSecs = Number(val());
        else if (a === '--workers') workers = Number(val());
        else if (a === '--quiet') quiet = true;
        else if (a === '--config') val(); // read by the CLI to find this plugin
        else if (a === '--help' || a === '-h') {
          process.stdout.write(HELP + '\n');
          return 0;
        } else throw new ScriptError(`unknown option ${a}`);
      } catch (e) {
        process.stderr.write(`scp-sim: ${(e as Error).message}\n${HELP}\n`);
        return 2;
      }
    }
    if (!Number.isInteger(workers) || workers < 1 || workers > 64 || (workers > 1 && transport !== 'tcp')) {
      process.stderr.write(`scp-sim: --workers is an integer from 1 to 64, with --transport tcp\n`);
      return 2;
    }
    // --workers N: this process forks N processes that do the work (node:cluster shares the listening port)
    if (workers > 1 && cluster.isPrimary) return runPrimary(workers, connect ?? listen, !!connect);
    const child = cluster.isWorker ? cluster.worker!.id : 0;
    const log = (t: string) => {
      if (!quiet) process.stderr.write((child ? `[scp-sim ${child}] ` : '') + t + '\n');
    };
    let script: Script;
    try {
      script = scriptPath ? loadScript(scriptPath) : DEFAULT_SCRIPT;
      if (variant) {
        const s = loadScriptVariant(script, variant);
        if (!s) throw new ScriptError(`--variant: unknown ${variant}`);
        script = s;
      }
    } catch (e) {
      process.stderr.write(`scp-sim: ${(e as Error).message}\n`);
      return 2;
    }
    const addr = hostPort(connect ?? listen);
    if (!addr || [opc, dpc, ssn].some((n) => !Number.isInteger(n) || n < 0)) {
      process.stderr.write(`scp-sim: bad address or point code\n`);
      return 2;
    }
    if ((transport !== 'tcp' && transport !== 'sctp') || !['auto', 'kernel', 'userland'].includes(sctpBackend)) {
      process.stderr.write(`scp-sim: --transport is tcp or sctp, --sctp-backend auto, kernel or userland\n`);
      return 2;
    }
    const inst: Partial<SigtranInstanceConfig> & { name: string } = connect
      ? { name: 'SCPSIM', transport: `${transport as 'tcp' | 'sctp'}-client`, host: addr.host, port: addr.port, role: 'asp', opc, dpc, ssn }
      : { name: 'SCPSIM', transport: `${transport as 'tcp' | 'sctp'}-server`, localHost: addr.host, localPort: addr.port, role: 'sgp', opc, dpc, ssn };
    if (transport === 'sctp') inst.sctp = { backend: sctpBackend as 'auto' | 'kernel' | 'userland' };
    if (rc !== undefined) inst.routingContext = rc;
    inst.tcapTimeoutMs = timeoutMs;
    let gw: SigtranGateway;
    try {
      gw = await startGateway(inst, log);
    } catch (e) {
      process.stderr.write(`scp-sim: ${(e as Error).message}\n`);
      return 1;
    }
    const sim = startScpSim(gw, script, { timeoutMs, log });
    const ready = connect ? `scp-sim connecting to ${connect}` : `scp-sim listening on ${listenAddress(gw) ?? listen}`;
    if (child) process.send!({ t: 'ready', line: ready });
    else process.stdout.write(ready + '\n');
    const timer = statsSecs > 0 ? setInterval(() => {
      const s = sim.stats;
      process.stderr.write(`scp-sim${child ? ` ${child}` : ''}: begins ${s.begins} completed ${s.completed} failed ${s.failed} unmatched ${s.unmatched} active ${s.active} gateway ${gw.state()}\n`);
    }, statsSecs * 1000) : undefined;
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
      if (child) {
        process.on('message', (m: { t?: string }) => m?.t === 'stop' && done());
        process.once('disconnect', done);
      }
    });
    if (timer) clearInterval(timer);
    sim.stop();
    await gw.stop?.();
    if (child) {
      if (process.connected) process.send!({ t: 'stats', stats: sim.stats }, () => process.exit(0));
      else process.exit(0);
      return 0;
    }
    process.stdout.write(JSON.stringify({ scp_sim: sim.stats }) + '\n');
    setTimeout(() => process.exit(0), 500).unref();
    return 0;
  },
};

/**
 * The primary of `--workers N`: forks N processes running the same command (each an scp-sim of its own on the
 * shared port: node:cluster hands each accepted association to one of them, round robin), prints one ready line
 * once all are ready, and on SIGINT/SIGTERM stops them and prints the sum of their statistics.
 */
async function runPrimary(n: number, where: string, connecting: boolean): Promise<number> {
  const stats: SimStats[] = [];
  const children = Array.from({ length: n }, () => cluster.fork());
  let failed = false;
  let line = '';
  try {
    await new Promise<void>((resolve, reject) => {
      let ready = 0;
      for (const c of children) {
        c.on('message', (m: { t?: string; line?: string; stats?: SimStats }) => {
          if (m?.t === 'ready') {
            line = m.line ?? line;
            if (++ready === n) resolve();
          } else if (m?.t === 'stats' && m.stats) stats.push(m.stats);
        });
        c.once('exit', (code) => {
          if (ready < n) reject(new Error(`a worker exited during start (code ${code})`));
        });
      }
    });
  } catch (e) {
    process.stderr.write(`scp-sim: ${(e as Error).message}\n`);
    failed = true;
  }
  if (!failed) {
    // every child reports the same address: the port is shared
    process.stdout.write(`${line || (connecting ? `scp-sim connecting to ${where}` : `scp-sim listening on ${where}`)} (${n} workers)\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
  }
  const exits = children.map((c) => (c.isDead() ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()))));
  for (const c of children) if (!c.isDead()) c.send({ t: 'stop' }, () => {});
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 5000))]);
  for (const c of children) if (!c.isDead()) c.process.kill('SIGKILL');
  if (failed) return 1;
  process.stdout.write(JSON.stringify({ scp_sim: sumStats(stats), workers: stats }) + '\n');
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}

function sumStats(all: SimStats[]): SimStats {
  const out: SimStats = { begins: 0, completed: 0, unmatched: 0, failed: 0, active: 0, byRule: {} };
  for (const s of all) {
    for (const k of ['begins', 'completed', 'unmatched', 'failed', 'active'] as const) out[k] += s[k] ?? 0;
    for (const [r, v] of Object.entries(s.byRule ?? {})) out.byRule[r] = (out.byRule[r] ?? 0) + v;
    if (s.lastError) out.lastError = s.lastError;
  }
  return out;
}

function loadScriptVariant(s: Script, v: string): Script | undefined {
  const m: Record<string, Script['variant']> = { cs1: 'cs1', camel: 'camel3', camel2: 'camel2', camel3: 'camel3', camel4: 'camel4' };
  const variant = m[v];
  return variant ? { ...s, variant } : undefined;
}
