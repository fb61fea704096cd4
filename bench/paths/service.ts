// What every protocol path's setup does (bench/paths/*.ts): start its peers (`tester <simulator>` on a free loopback
// port) and a service configured for them, from the compiled build through bench/processes.ts (so that stopAll()
// ends them), and wait until the service runs the path's definition: a gateway that is not up yet refuses runs
// (2003), and one instance must pass before the bench measures anything.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rpcCall } from '../../cli/rpc-client.js';
import { envNodeFlags, root, start, untilEnded } from '../processes.js';
import type { PathProcess, PathSetup } from './path.js';

/** A file of the repository, parsed as JSON (an example definition or configuration). */
export const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** The operations of an example definition (examples/…/*.json). */
export const exampleOperations = (path: string) => (readJson(path) as { operations: unknown[] }).operations;

/** `tester <args>` as a peer; resolves with its pid and the port of its "listening on HOST:PORT" line. */
export async function startPeer(name: string, args: string[]): Promise<{ peer: PathProcess; port: number }> {
  const { child, m } = await start(name, args, /listening on \S+:(\d+)/);
  return { peer: { name, pid: child.pid! }, port: Number(m[1]) };
}

/**
 * `tester serve` with the plugin configuration `config` on a free loopback port, its data directory in `work` (Node
 * flags from TESTER_SERVICE_NODE_FLAGS, as bench/processes.ts startService takes them); resolves
 * once one instance of `definition` has run and passed (ExecuteTest refused with 2003 is retried: a gateway not yet up).
 */
export async function startPathService(work: string, config: unknown[], definition: Record<string, unknown>): Promise<{ port: number; service: PathProcess }> {
  const file = join(work, 'plugins.json');
  writeFileSync(file, JSON.stringify(config));
  mkdirSync(join(work, 'data'), { recursive: true });
  const flags = envNodeFlags('TESTER_SERVICE_NODE_FLAGS');
  const svc = await start('service', ['serve', '--port', '0', '--config', file, '--data-dir', join(work, 'data'), '--quiet', '--max-runs', '4'], /listening \S+:(\d+)/, flags);
  const port = Number(svc.m[1]);
  for (let i = 0; ; i++) {
    const runId = `probe-${i}`;
    const r = await rpcCall({ port }, 'ExecuteTest', { ...definition, run_id: runId });
    if (!r.error) {
      const rec = await untilEnded(port, runId, 50);
      if (rec.counts.passed !== 1) throw new Error(`the path's first instance did not pass: ${JSON.stringify(rec.first_aborts?.[0] ?? rec.first_fails?.[0] ?? rec.counts).slice(0, 400)}`);
      break;
    }
    if (r.error.code !== 2003 || i > 100) throw new Error(`probe: ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  return { port, service: { name: 'service', pid: svc.child.pid! } };
}

/** SIGTERM to the processes a path started (stopAll() in bench/index.ts ends whatever is left). */
export async function stopProcesses(procs: PathProcess[]): Promise<void> {
  for (const p of procs) {
    try {
      process.kill(p.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => setTimeout(r, 300));
}

/** The PathSetup of a service and its peers: stop() ends them all. */
export const pathSetup = (port: number, service: PathProcess, peers: PathProcess[], definition: Record<string, unknown>): PathSetup => ({
  port,
  service,
  peers,
  definition,
  stop: () => stopProcesses([service, ...peers]),
});
