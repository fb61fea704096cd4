// `node --import tsx scripts/walk.ts [--list]`: the walk of one InitialDP exchange (examples/inap/prepaid.json,
// single) and one MAP ATI (examples/map/ati.json) through the service's code, measured: V8 precise coverage
// (function call counts) of the service's process, reset just before ExecuteTest and taken once the run completed;
// the simulators (tester scp-sim, hlr-sim: the built dist/) run as their own processes. Prints how many product
// files ran, by room (--list: which). docs/architecture.md "Walks" gives the figures before and after a re-shaping.
// The RPC client (cli/rpc-client.ts) runs in this process too: it is the walk's client, not the service.
import { Session } from 'node:inspector/promises';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const imp = async (...cands: string[]) => {
  for (const c of cands) if (existsSync(join(root, c))) return import(pathToFileURL(join(root, c)).href);
  throw new Error(`none of ${cands.join(', ')}`);
};

async function sim(cmd: string, script: string, config: string): Promise<{ port: number; kill(): void }> {
  const child = spawn(process.execPath, [join(root, 'bin/tester.js'), cmd, '--listen', '127.0.0.1:0', '--script', join(root, script), '--config', join(root, config), '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => { out += d; const m = /listening on [\d.]+:(\d+)/.exec(out); if (m) resolve(Number(m[1])); }));
  return { port, kill: () => child.kill() };
}

async function walk(name: string, cmd: string, script: string, config: string, def: string): Promise<void> {
  const { startService } = await imp('core/service.ts');
  const { rpcCall } = await imp('cli/rpc-client.ts', 'core/client/rpc-client.ts');
  const s = await sim(cmd, script, config);
  const plugins = JSON.parse(readFileSync(join(root, config), 'utf8'));
  for (const p of plugins) if (p.name === 'sigtran') p.options.instances[0].port = s.port;
  const svc = await startService({ host: '127.0.0.1', port: 0, plugins, quiet: true, dataDir: '/tmp/walk-data' });
  for (let i = 0; i < 200; i++) {
    const l = (await rpcCall({ port: svc.port }, 'ListTests', {})).result;
    if (l.gateways.every((g: { state: string }) => g.state === 'up')) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const params = JSON.parse(readFileSync(join(root, def), 'utf8'));
  delete params.$schema;
  const session = new Session();
  // the service's code only: the client's calls below are in this process too
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await session.post('Profiler.takePreciseCoverage'); // reset counts
  const r = await rpcCall({ port: svc.port }, 'ExecuteTest', { ...params, run_id: `walk-${name}`, distribution: { type: 'single' } });
  if (r.error) throw new Error(JSON.stringify(r.error));
  let rec;
  for (;;) {
    rec = (await rpcCall({ port: svc.port }, 'QueryTest', { run_id: `walk-${name}` })).result;
    if (rec.completed === 1) break;
    await new Promise((res) => setTimeout(res, 10));
  }
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: Array<{ url: string; functions: Array<{ ranges: Array<{ count: number }> }> }> };
  const files = new Set<string>();
  for (const sc of result) {
    if (!sc.url.startsWith('file://')) continue;
    const rel = relative(root, new URL(sc.url).pathname);
    if (rel.startsWith('..') || rel.includes('node_modules') || !/^(core|builtins|cli|sdk|plugins)\//.test(rel)) continue;
    if (sc.functions.some((f) => f.ranges[0]!.count > 0)) files.add(rel);
  }
  const by = new Map<string, string[]>();
  for (const f of [...files].sort()) {
    const room = f.startsWith('plugins/') ? f.split('/').slice(0, 2).join('/') : f.split('/')[0]!;
    by.set(room, [...(by.get(room) ?? []), f]);
  }
  console.log(`${name}: ${rec.state}, passed ${rec.counts.passed}; ${files.size} product files ran: ${[...by].map(([k, v]) => `${k} ${v.length}`).join(', ')}`);
  if (process.argv.includes('--list')) for (const [k, v] of by) console.log(`  ${k}: ${v.join(' ')}`);
  await session.post('Profiler.stopPreciseCoverage');
  await svc.close();
  s.kill();
}

await walk('initialdp', 'scp-sim', 'examples/inap/scp-sim.json', 'examples/inap/plugins.json', 'examples/inap/prepaid.json');
await walk('ati', 'hlr-sim', 'examples/map/hlr-sim.json', 'examples/map/plugins.json', 'examples/map/ati.json');
process.exit(0);
