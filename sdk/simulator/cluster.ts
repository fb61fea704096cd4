// `--workers N` of a simulator: the primary forks N processes that each run the same command line (node:cluster
// hands each accepted connection on the shared port to one of them, round robin), prints one ready line once all
// are ready, and on SIGINT/SIGTERM stops them and prints the sum of their statistics beside each one's. The
// children talk to it over the cluster's IPC channel: { t: 'ready', line }, { t: 'stop' }, { t: 'stats', stats }.
import cluster from 'node:cluster';

type Stats = Record<string, unknown>;

/** The worker number of this process (1..N), or 0 when it is not a child of --workers. */
export function workerNumber(): number {
  return cluster.isWorker ? cluster.worker!.id : 0;
}

/** Statistics summed: numbers added, objects summed key by key, anything else (a last error) the last one's. */
export function sumStats(all: readonly Stats[]): Stats {
  const out: Stats = {};
  for (const s of all) addInto(out, s);
  return out;
}

function addInto(total: Stats, s: Stats): void {
  for (const [k, v] of Object.entries(s)) {
    if (typeof v === 'number') total[k] = (typeof total[k] === 'number' ? total[k] : 0) + v;
    else if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const inner = total[k] !== null && typeof total[k] === 'object' ? (total[k] as Stats) : (total[k] = {} as Stats);
      addInto(inner, v as Stats);
    } else if (v !== undefined) total[k] = v;
  }
}

/** Resolves on SIGINT or SIGTERM, or in a child when the primary says stop or goes away. */
export function stopRequested(): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    if (cluster.isWorker) {
      process.on('message', (m: { t?: string }) => m?.t === 'stop' && done());
      process.once('disconnect', done);
    }
  });
}

/** A child tells the primary it is ready, with its ready line. */
export function childReady(line: string): void {
  process.send!({ t: 'ready', line });
}

/** A child's last words: its statistics to the primary, then it exits. */
export function childDone(stats: object): void {
  if (process.connected) process.send!({ t: 'stats', stats }, () => process.exit(0));
  else process.exit(0);
}

/** Fork n children and wait until all are ready; the ready line they report. */
function forkReady(n: number, stats: Stats[]): { children: ReturnType<typeof cluster.fork>[]; line: Promise<string> } {
  const children = Array.from({ length: n }, () => cluster.fork());
  const line = new Promise<string>((resolve, reject) => {
    let ready = 0;
    let last = '';
    for (const c of children) {
      c.on('message', (m: { t?: string; line?: string; stats?: Stats }) => {
        if (m?.t === 'ready') {
          last = m.line ?? last;
          if (++ready === n) resolve(last);
        } else if (m?.t === 'stats' && m.stats) stats.push(m.stats);
      });
      c.once('exit', (code) => {
        if (ready < n) reject(new Error(`a worker exited during start (code ${code})`));
      });
    }
  });
  return { children, line };
}

/** Tell every child to stop; wait up to 5 s for them, then kill the rest. */
async function stopChildren(children: ReturnType<typeof cluster.fork>[]): Promise<void> {
  const exits = children.map((c) => (c.isDead() ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()))));
  for (const c of children) if (!c.isDead()) c.send({ t: 'stop' }, () => {});
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 5000))]);
  for (const c of children) if (!c.isDead()) c.process.kill('SIGKILL');
}

/** The primary of `--workers n`; `summary` makes the final line's object from the summed statistics. */
export async function runPrimary(name: string, n: number, summary: (stats: Stats) => object): Promise<number> {
  const stats: Stats[] = [];
  const { children, line } = forkReady(n, stats);
  const stopped = stopRequested();
  try {
    // every child reports the same address: the port is shared
    process.stdout.write(`${await line} (${n} workers)\n`);
  } catch (e) {
    process.stderr.write(`${name}: ${(e as Error).message}\n`);
    await stopChildren(children);
    return 1;
  }
  await stopped;
  await stopChildren(children);
  process.stdout.write(JSON.stringify({ ...summary(sumStats(stats)), workers: stats }) + '\n');
  setTimeout(() => process.exit(0), 500).unref();
  return 0;
}
