// The cost of a data set (ExecuteTest `data`, core/engine/data-sets.ts), for docs/performance.md: a 1,000,000-row
// CSV file read into its compact store (time, bytes held against the file's size), the time to make one
// instance's row, and two load runs in-process, one reading a row per instance ($d) and the same without data.
// `node --expose-gc --import tsx bench/data-sets.ts [rows]`.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preloadDataFile } from '../core/engine/data-files.js';
import { startService } from '../core/service.js';
import { rpcCall } from '../cli/rpc-client.js';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const INSTANCES = 50_000;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
/** Heap and buffers in use after two collections (buffers are freed once their objects are finalised). */
const heldBytes = async () => {
  gc();
  await new Promise((r) => setTimeout(r, 50));
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const dir = mkdtempSync(join(tmpdir(), 'tester-data-bench-'));
mkdirSync(join(dir, 'data'));
const file = join(dir, 'data', 'subs.csv');
const lines = ['msisdn,imsi,credit,name'];
for (let i = 0; i < ROWS; i++) lines.push(`0211${String(i).padStart(7, '0')},26201${String(i).padStart(10, '0')},${i % 1000},"sub ${i}"`);
writeFileSync(file, lines.join('\n') + '\n');
lines.length = 0;
const size = statSync(file).size;

const before = await heldBytes();
let t = performance.now();
// the longest the event loop waited during the read (the service's other clients and runs)
let last = t;
let stall = 0;
const ticker = setInterval(() => {
  const now = performance.now();
  stall = Math.max(stall, now - last);
  last = now;
}, 1);
const store = await preloadDataFile(dir, 'subs.csv', { credit: 'integer' }, ',');
clearInterval(ticker);
if (!store) throw new Error('the file was not read');
const loadMs = performance.now() - t;
const held = (await heldBytes()) - before;
t = performance.now();
let sink = 0;
for (let i = 0; i < 1_000_000; i++) sink += store.row((i * 7919) % ROWS).credit as number;
const rowNs = ((performance.now() - t) * 1e6) / 1_000_000;

const svc = await startService({ host: '127.0.0.1', port: 0, plugins: [{ name: 'logic' }], quiet: true, dataDir: dir, http: false } as never);
async function runCpu(runId: string, extra: Record<string, unknown>, text: string): Promise<{ cpuMs: number; perSec: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const params = { run_id: runId, distribution: { type: 'load', total: INSTANCES, backlog: 100 }, operations: [{ type: 'set', arguments: { vars: { msisdn: text } } }], ...extra };
  const r = await rpcCall({ port: svc.port }, 'ExecuteTest', params);
  if (r.error) throw new Error(r.error.message);
  for (;;) {
    const q = await rpcCall({ port: svc.port }, 'QueryTest', { run_id: runId });
    if (q.result.completed === 1) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  const c = process.cpuUsage(c0);
  return { cpuMs: (c.user + c.system) / 1000, perSec: Math.round(INSTANCES / ((performance.now() - t0) / 1000)) };
}
await runCpu('warm', {}, "{'0211' + $n}");
const plain = await runCpu('plain', {}, "{'0211' + $n}");
const data = await runCpu('data', { data: { subs: { file: 'subs.csv', types: { credit: 'integer' } } } }, '{$d.subs.msisdn}');
await svc.close();
rmSync(dir, { recursive: true, force: true });

const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
console.log(`${ROWS} rows, file ${mib(size)}: read in ${Math.round(loadMs)} ms (the event loop held at most ${Math.round(stall)} ms at a time); store ${mib(store.bytes)} (${(store.bytes / size).toFixed(2)}x the file), held after GC ${mib(held)} (${(held / size).toFixed(2)}x)`);
console.log(`one instance's row: ${rowNs.toFixed(0)} ns (${sink > 0 ? 'checked' : ''})`);
console.log(`${INSTANCES} instances, set from $n: ${plain.cpuMs.toFixed(0)} ms CPU, ${plain.perSec}/s; set from $d (file cached): ${data.cpuMs.toFixed(0)} ms CPU, ${data.perSec}/s (${(((data.cpuMs - plain.cpuMs) / plain.cpuMs) * 100).toFixed(1)}% CPU)`);
