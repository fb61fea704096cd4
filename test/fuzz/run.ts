// `npm run fuzz`: the long fuzz run, beside the tests whose generator and targets it shares (test/helpers/fuzz*.ts:
// the targets are built from the tests' byte vectors). The fast-tier suites (test/**/fuzz.test.ts) run a few thousand cases of each
// target; this runs a million frames into the service's front door (frame decoder + JSON-RPC dispatcher, in process,
// frames cut in chunks of random sizes), tens of thousands of them over real TCP connections, and 100,000 messages
// into each protocol decoder. Prints per target: cases, decoded/refused, faults with the seed and case that replay
// them, time, slowest case, and the process RSS after it. Exit status 1 when a fault was found.
//
// Options: --seed S (default: random, printed)  --cases N (messages per decoder, default 100000)
//          --frames N (in-process frames, default 1000000)  --tcp N (TCP connections, default 20000)
//          --target a,b (ber, m3ua, sccp, tcap, inap, diameter, map, sms-tpdu, framing, framing-tcp)  --slow-ms MS (default 100:
//          a decoder case slower than this is a fault)  --json
//          --target X --seed S --case I: replay one case (prints the input and what the decoder did)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../core/service.js';
import { encodeFrame } from '../../core/framing/frame-decoder.js';
import { faultText, generate, hex, runFuzz, type FuzzReport } from '../helpers/fuzz.js';
import { TARGETS } from '../helpers/fuzz-targets.js';
import { cancelAll, checkExchange, exchange, generateFrame, runFrameFuzz, runFrameFuzzInProcess } from '../helpers/fuzz-frames.js';

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const num = (name: string, dflt: number): number => {
  const v = opt(name);
  if (v === undefined) return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`${name}: expected a whole number, got ${v}\n`);
    process.exit(2);
  }
  return n;
};
const SEED = num('--seed', (Date.now() ^ (process.pid << 16)) >>> 0);
const CASES = num('--cases', 100_000);
const FRAMES = num('--frames', 1_000_000);
const TCP = num('--tcp', 20_000);
const SLOW_MS = num('--slow-ms', 100);
const JSON_OUT = argv.includes('--json');
const ONE_CASE = opt('--case');
const ALL = [...TARGETS.map((t) => t.name), 'framing', 'framing-tcp'];
const WANT = (opt('--target') ?? ALL.join(',')).split(',');
for (const w of WANT) {
  if (!ALL.includes(w)) {
    process.stderr.write(`--target: unknown target '${w}' (one of ${ALL.join(', ')})\n`);
    process.exit(2);
  }
}
const MAX_FRAME = 64 * 1024;
const log = (s: string) => {
  if (!JSON_OUT) process.stdout.write(s + '\n');
};
const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);

function line(r: FuzzReport): string {
  const rate = r.cases / (r.ms / 1000);
  return `${r.target.padEnd(12)} ${String(r.cases).padStart(9)} cases  ${String(r.decoded).padStart(8)} decoded  ${String(r.refused).padStart(8)} refused  ${String(r.faults.length).padStart(3)} faults  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${Math.round(rate).toString().padStart(7)}/s  slowest ${r.slowest.ms.toFixed(1)} ms (case ${r.slowest.case})  rss ${rssMb()} MB`;
}

async function withService<T>(fn: (svc: Awaited<ReturnType<typeof startService>>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tester-fuzz-'));
  // A million frames start ~150,000 runs (mutated ExecuteTests that are valid), some looping for ever until the
  // next cancelAll: at most 50 run at a time (the others are refused 2003), and few are retained (each holds its
  // latency histograms, ~360 KB).
  const svc = await startService({ host: '127.0.0.1', port: 0, plugins: [{ name: 'logic' }], quiet: true, dataDir, maxMessageBytes: MAX_FRAME, maxRuns: 50, maxRetainedRuns: 100 });
  try {
    return await fn(svc);
  } finally {
    await cancelAll(svc.port).catch(() => 0);
    await svc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function replay(target: string, i: number): Promise<void> {
  const t = TARGETS.find((x) => x.name === target);
  if (t) {
    const { input, base } = generate(t, SEED, i);
    log(`${target} seed ${SEED} case ${i}: ${input.length} octets, mutated from corpus message ${base}\n${hex(input, 1 << 20)}`);
    try {
      const bad = t.decode(input, base);
      log(bad ? `property fault: ${bad}` : 'decoded');
    } catch (e) {
      log(`${t.typed(e) ? 'refused (typed error)' : 'FAULT'}: ${(e as Error)?.stack ?? String(e)}`);
    }
    return;
  }
  const c = generateFrame(SEED, i, MAX_FRAME);
  log(`${target} seed ${SEED} case ${i}: ${c.bytes.length} octets${c.complete ? '' : c.tooLarge ? ' (announces more than max_message_bytes)' : ' (incomplete frame)'}\n${hex(c.bytes, 1 << 20)}`);
  await withService(async (svc) => {
    const x = await exchange(svc.port, c.bytes, 15_000);
    log(`answer: ${x.response?.toString() ?? '(none: closed)'}${x.error ? ` (${x.error})` : ''}`);
    log(`check: ${checkExchange(c, x) ?? 'ok'}`);
  });
}

async function main(): Promise<number> {
  if (ONE_CASE !== undefined) {
    if (WANT.length !== 1) throw new Error('--case replays one case: give one --target');
    await replay(WANT[0]!, Number(ONE_CASE));
    return 0;
  }
  log(`fuzz: seed ${SEED} (replay a case: npm run fuzz -- --target T --seed ${SEED} --case I); Node ${process.version}`);
  const reports: FuzzReport[] = [];
  for (const t of TARGETS) {
    if (!WANT.includes(t.name)) continue;
    const r = runFuzz(t, { seed: SEED, cases: CASES, slowMs: SLOW_MS });
    reports.push(r);
    log(line(r));
  }
  if (WANT.includes('framing') || WANT.includes('framing-tcp')) {
    await withService(async (svc) => {
      if (WANT.includes('framing')) {
        const total: FuzzReport = { target: 'framing', seed: SEED, cases: 0, decoded: 0, refused: 0, faults: [], ms: 0, slowest: { ms: 0, case: -1 } };
        // in slices, cancelling the runs mutated ExecuteTests started, so they do not pile up
        for (let from = 0; from < FRAMES; from += 10_000) {
          const r = await runFrameFuzzInProcess({ dispatcher: svc.dispatcher, seed: SEED, from, cases: Math.min(10_000, FRAMES - from), maxBytes: MAX_FRAME });
          total.cases += r.cases;
          total.decoded += r.decoded;
          total.refused += r.refused;
          total.ms += r.ms;
          total.faults.push(...r.faults.slice(0, 20 - total.faults.length));
          if (r.slowest.ms > total.slowest.ms) total.slowest = r.slowest;
          try {
            await cancelAll(svc.port);
          } catch (e) {
            total.faults.push({ target: 'framing', seed: SEED, case: from, kind: 'slow', error: `after cases ${from}..${from + r.cases - 1}, the service did not answer ListTests/CancelTest: ${(e as Error).message}`, input: '' });
          }
          if (total.cases % 100_000 === 0 && total.cases < FRAMES && !JSON_OUT) process.stdout.write(`  framing: ${total.cases} cases, ${total.faults.length} faults, ${(total.ms / 1000).toFixed(0)} s\n`);
        }
        reports.push(total);
        log(line(total));
      }
      if (WANT.includes('framing-tcp')) {
        const r = await runFrameFuzz({ port: svc.port, seed: SEED, cases: TCP, maxBytes: MAX_FRAME, concurrency: 16 });
        reports.push(r);
        log(line(r));
      }
      const alive = await exchange(svc.port, encodeFrame('{"jsonrpc":"2.0","id":1,"method":"ListTests","params":{}}'), 5000);
      log(`after the frames, ListTests is answered: ${alive.response && /"error":null/.test(alive.response.toString()) ? 'yes' : `NO (${alive.error ?? alive.response?.toString()})`}`);
    });
  }
  const faults = reports.flatMap((r) => r.faults);
  for (const f of faults) log(`FAULT ${faultText(f)}`);
  log(`total: ${reports.reduce((n, r) => n + r.cases, 0)} cases, ${faults.length} fault(s)`);
  if (JSON_OUT) {
    process.stdout.write(JSON.stringify({ seed: SEED, node: process.version, reports: reports.map((r) => ({ ...r, ms: Math.round(r.ms), slowest: { ms: Number(r.slowest.ms.toFixed(1)), case: r.slowest.case } })) }) + '\n');
  }
  return faults.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`fuzz failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  },
);
