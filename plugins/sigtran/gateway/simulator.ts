// The SIGTRAN part of a peer simulator (`tester scp-sim`, `tester hlr-sim`), on the sdk's simulator harness: the
// M3UA/SCCP addressing options (--opc, --dpc, --ssn, --rc), the adaptation (--adaptation m3ua|sua) and the source
// address (--bind), one gateway instance made from them and the common options (listening as an SGP, or connecting
// as an ASP, over TCP or SCTP with the gateway's SCTP options), the statistics line with the gateway's
// state, and the loop that hands each dialogue-opening Begin to the simulator. Exported to dependent plugins (see
// `exports` in ../index.ts).
import { isIP } from 'node:net';
import { addressText, runSimulator, simulatorSctp, type SimulatorValues } from '../../../sdk/index.js';
import type { BeginListener, SigtranGateway, SigtranInstanceConfig, TcapMessage } from '../api.js';
import { listenAddress, startStandaloneGateway } from './standalone.js';

/** The addressing options of a SIGTRAN simulator, with its defaults. */
export function sigtranOptions(defaults: { opc: number; dpc: number; ssn: number }) {
  return {
    opc: { value: 'N', description: 'our point code', type: 'integer', min: 0, default: defaults.opc },
    dpc: { value: 'N', description: "the peer's point code", type: 'integer', min: 0, default: defaults.dpc },
    ssn: { value: 'N', description: 'our SSN', type: 'integer', min: 0, default: defaults.ssn },
    rc: { value: 'N', description: 'M3UA (or SUA) routing context', type: 'integer', min: 0 },
    adaptation: { value: 'A', description: 'the SIGTRAN adaptation: m3ua (TCAP in SCCP in M3UA) or sua (TCAP in SUA CLDT)', choices: ['m3ua', 'sua'], default: 'm3ua' },
    bind: { value: 'HOST[:PORT]', description: 'with --connect: the local address (and port) to connect from, e.g. so that an STP tells two ASPs apart', parse: parseBind },
    maxDialogues: { value: 'N', description: "TCAP dialogues open at once (the gateway's maxDialogues; default 100000): a peer holding more calls open needs more", type: 'integer', min: 1 },
  } as const;
}

/** `HOST`, `HOST:PORT` or `[IPv6]:PORT` (a bare IPv6 address is a host). */
function parseBind(text: string): { host: string; port?: number } {
  if (isIP(text)) return { host: text };
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(text) ?? /^([^:[\]]+):(\d+)$/.exec(text) ?? /^([^:[\]]+)()$/.exec(text);
  if (!m || Number(m[2]) > 65535) throw new Error(`expected HOST, HOST:PORT or [IPv6]:PORT, got '${text}'`);
  return m[2] ? { host: m[1], port: Number(m[2]) } : { host: m[1] };
}

export interface SigtranSimulatorValues extends SimulatorValues {
  opc: number;
  dpc: number;
  ssn: number;
  rc: number | undefined;
  adaptation: 'm3ua' | 'sua';
  bind: { host: string; port?: number } | undefined;
  maxDialogues: number | undefined;
}

/** A simulator started on its gateway. */
export interface SigtranSimulator<S extends object> {
  stats(): S;
  /** The statistics line (` gateway <state>` follows it); default: the statistics as JSON. */
  statusLine?(): string;
  stop(): void;
}

export interface SigtranSimulatorSpec<S extends object, R> {
  name: string;
  prepare?(): R;
  /** Start the simulator on the gateway, once the gateway is created. */
  start(gw: SigtranGateway, prepared: R, ctx: { timeoutMs: number; log: (text: string) => void; seed: number | undefined }): SigtranSimulator<S>;
}

/** The gateway instance of a simulator: an SGP listening, or an ASP connecting with --connect. */
export function simulatorInstance(name: string, o: SigtranSimulatorValues): Partial<SigtranInstanceConfig> & { name: string } {
  const { opc, dpc, ssn, transport: t } = o;
  const inst: Partial<SigtranInstanceConfig> & { name: string } = o.connect
    ? { name, transport: `${t}-client`, host: o.connect.host, port: o.connect.port, role: 'asp', opc, dpc, ssn, tcapTimeoutMs: o.timeoutMs }
    : { name, transport: `${t}-server`, localHost: o.listen.host, localPort: o.listen.port, role: 'sgp', opc, dpc, ssn, tcapTimeoutMs: o.timeoutMs };
  const sctp = simulatorSctp(o);
  if (sctp) inst.sctp = sctp;
  if (o.bind) {
    if (!o.connect) throw new Error('--bind goes with --connect (a listening simulator binds to --listen)');
    inst.localHost = o.bind.host;
    if (o.bind.port !== undefined) inst.localPort = o.bind.port;
  }
  if (o.rc !== undefined) inst.routingContext = o.rc;
  if (o.maxDialogues !== undefined) inst.maxDialogues = o.maxDialogues;
  if (o.adaptation === 'sua') inst.adaptation = 'sua';
  return inst;
}

/** Run a SIGTRAN simulator until SIGINT/SIGTERM on its own gateway instance; returns the exit code. */
export function runSigtranSimulator<S extends object, R>(spec: SigtranSimulatorSpec<S, R>, o: SigtranSimulatorValues): Promise<number> {
  return runSimulator<S, R>(
    {
      name: spec.name,
      prepare: spec.prepare,
      async start(prepared, log) {
        const gw = await startStandaloneGateway(simulatorInstance(spec.name.toUpperCase(), o), log);
        const sim = spec.start(gw, prepared, { timeoutMs: o.timeoutMs, log, seed: o.seed });
        return {
          where: o.connect ? `connecting to ${addressText(o.connect)}` : `listening on ${listenAddress(gw) ?? addressText(o.listen)}`,
          stats: () => sim.stats(),
          statusLine: () => `${sim.statusLine ? sim.statusLine() : JSON.stringify(sim.stats())} gateway ${gw.state()}`,
          async stop() {
            sim.stop();
            await gw.stop?.();
          },
        };
      },
    },
    o,
  );
}

const NEXT = { timeoutMs: 3_600_000 };

/**
 * Hand every Begin the listener takes to `onBegin`, until the returned stop(). A listener error other than its
 * idle timeout is logged and retried after 100 ms.
 */
export function serveBegins(listener: BeginListener, onBegin: (m: TcapMessage) => void, log: (text: string) => void): { stop(): void } {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      let m: TcapMessage;
      try {
        m = await listener.next(NEXT);
      } catch (e) {
        if (stopped) return;
        const text = (e as Error).message;
        if (/timeout/i.test(text)) continue;
        log(text);
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      onBegin(m);
    }
  })();
  return {
    stop() {
      stopped = true;
      listener.close();
    },
  };
}
