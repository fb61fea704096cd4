// The run of a peer simulator as a command, one shape for all: prepare (read its script; a mistake exits 2),
// start (a failure exits 1), the ready line `<name> listening on HOST:PORT` on stdout, a statistics line on stderr
// every --stats seconds, and on SIGINT/SIGTERM stop and the final statistics as one JSON line, exit 0. With
// --workers N the same run happens in N processes behind one primary (cluster.ts).
import { childDone, childReady, runPrimary, stopRequested, workerNumber } from './cluster.js';
import type { SimulatorValues } from './options.js';

/** A started simulator, as the run loop sees it. */
export interface RunningSimulator<S extends object = object> {
  /** The ready line after the name: `listening on 127.0.0.1:2905`, `connecting to HOST:PORT`. */
  readonly where: string;
  stats(): S;
  /** The periodic statistics line (written after `<name>: `). */
  statusLine(): string;
  stop(): Promise<void>;
}

export interface SimulatorSpec<S extends object, R> {
  /** The command's name: the first word of the ready line and of every message. */
  name: string;
  /** What the simulator needs before it starts (its script); an Error refuses the command line. */
  prepare?(): R;
  /** Start serving; `log` writes a line to stderr (none with --quiet). */
  start(prepared: R, log: (text: string) => void): Promise<RunningSimulator<S>>;
  /** The object of the final JSON line (default `{ "<name with _>": stats }`). */
  summary?(stats: S): object;
}

type RunValues = Pick<SimulatorValues, 'stats' | 'quiet' | 'transport' | 'workers'>;

function refuse(name: string, text: string, code = 2): number {
  process.stderr.write(`${name}: ${text}\n`);
  return code;
}

/** Run the simulator until SIGINT/SIGTERM; returns the exit code. */
export async function runSimulator<S extends object, R>(spec: SimulatorSpec<S, R>, values: RunValues): Promise<number> {
  const workers = values.workers ?? 1;
  if (workers > 1 && values.transport !== 'tcp') return refuse(spec.name, '--workers needs --transport tcp');
  let prepared: R;
  try {
    prepared = spec.prepare ? spec.prepare() : (undefined as R);
  } catch (e) {
    return refuse(spec.name, (e as Error).message);
  }
  const summary = (stats: S) => (spec.summary ? spec.summary(stats) : { [spec.name.replace(/-/g, '_')]: stats });
  if (workers > 1 && workerNumber() === 0) return runPrimary(spec.name, workers, summary as (s: object) => object);
  const worker = workerNumber();
  const label = worker ? `${spec.name} ${worker}` : spec.name;
  const log = (text: string) => {
    if (!values.quiet) process.stderr.write((worker ? `[${label}] ` : '') + text + '\n');
  };
  let sim: RunningSimulator<S>;
  try {
    sim = await spec.start(prepared, log);
  } catch (e) {
    return refuse(spec.name, (e as Error).message, 1);
  }
  // listening for the signals before saying ready: whoever reads the line may stop it at once
  const stopped = stopRequested();
  if (worker) childReady(`${spec.name} ${sim.where}`);
  else process.stdout.write(`${spec.name} ${sim.where}\n`);
  const timer = values.stats ? setInterval(() => process.stderr.write(`${label}: ${sim.statusLine()}\n`), values.stats * 1000) : undefined;
  await stopped;
  if (timer) clearInterval(timer);
  await sim.stop();
  if (worker) {
    childDone(sim.stats());
    return 0;
  }
  process.stdout.write(JSON.stringify(summary(sim.stats())) + '\n');
  // a handle a peer left open does not keep the process: it has said all it had to say
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}
