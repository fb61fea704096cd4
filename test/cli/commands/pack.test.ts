// cli/commands/pack.ts (tester pack list | run) with packs/camel-scf: the whole pack passes against `tester scp-sim`
// playing the pack's script over M3UA/TCP on loopback; scripts with one fault each (an SCP that never sends
// ApplyCharging, one that answers the routing service with Continue instead of Connect, one that never sends
// ActivityTest) fail exactly the procedures that check what they break; the table and the JUnit (xmllint against
// the Ant schema) are well formed; bad arguments exit 2 with a message.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { tester, repoRoot, scratch } from '../helpers.js';
import { freePort } from '../../helpers/ports.js';
import { needsTool } from '../../helpers/tools.js';

const packScript = JSON.parse(readFileSync(join(repoRoot, 'packs/camel-scf/scp-sim.json'), 'utf8'));
const procedures: string[] = JSON.parse(readFileSync(join(repoRoot, 'packs/camel-scf/pack.json'), 'utf8')).procedures.map((p: { id: string }) => p.id);
const xmllint = needsTool('xmllint', 'apt-get install libxml2-utils');
const s = scratch();

type Rule = { name: string; flow?: Array<Record<string, unknown>>; action?: string };
/** The pack's script with the rules named changed by `edit`. */
function faulty(name: string, edit: (r: Rule) => Rule | undefined): string {
  return s.file(name, { ...packScript, rules: packScript.rules.map((r: Rule) => edit(structuredClone(r)) ?? r) });
}
const withoutOp = (op: string) => (r: Rule) => {
  if (!r.flow) return undefined;
  r.flow = r.flow
    .map((st) => (Array.isArray(st.send) ? { ...st, send: st.send.filter((c: { op: string }) => c.op !== op) } : st))
    .filter((st) => !Array.isArray(st.send) || st.send.length > 0);
  return r;
};

/** `tester scp-sim` on a free port with a script; resolves once it listens. */
async function startSim(script: string): Promise<{ port: number; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'scp-sim', '--listen', `127.0.0.1:${port}`, '--script', script, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (b) => (out += b));
  while (!out.includes('listening')) {
    if (proc.exitCode !== null) throw new Error(`scp-sim exited ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { port, proc };
}

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  proc.kill('SIGTERM');
  await once(proc, 'exit');
}

type Result = { procedure: string; cap: string; verdict: string; evidence: string; clause: string };
async function runPack(script: string, extra: string[]): Promise<{ code: number; results: Result[]; stderr: string }> {
  const sim = await startSim(script);
  try {
    const r = await tester(['pack', 'run', 'camel-scf', '--target', `127.0.0.1:${sim.port}`, '--json', ...extra], { timeoutMs: 240_000 });
    return { code: r.code, results: r.stdout ? JSON.parse(r.stdout).results : [], stderr: r.stderr };
  } finally {
    await stop(sim.proc);
  }
}
const failed = (rs: Result[]) => rs.filter((r) => r.verdict !== 'pass').map((r) => r.procedure).sort();

test('tester pack list: the camel-scf pack with each procedure, its clause and CAP versions', async () => {
  const r = await tester(['pack', 'list']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^camel-scf {2}CAMEL gsmSCF conformance/m);
  for (const id of procedures) assert.match(r.stdout, new RegExp(`^  ${id} +TS (23|29)\\.078 .*\\[v2, v3\\]`, 'm'), id);
  const j = await tester(['pack', 'list', 'camel-scf', '--json']);
  assert.equal(JSON.parse(j.stdout)[0].procedures.length, procedures.length);
});

test('bad arguments exit 2 with a message', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['pack', 'run', 'no-such-pack', '--target', '127.0.0.1:2905'], /no pack 'no-such-pack' \(packs: camel-scf/],
    [['pack', 'run', 'camel-scf'], /give --target HOST:PORT .* or --service HOST:PORT/],
    [['pack', 'run', 'camel-scf', '--target', 'localhost'], /--target: 'localhost' is not HOST:PORT/],
    [['pack', 'run', 'camel-scf', '--target', '127.0.0.1:2905', '--only', 'nope'], /--only: no procedure 'nope' in pack camel-scf/],
    [['pack', 'run', 'camel-scf', '--target', '127.0.0.1:2905', '--cap', 'v9'], /--cap: 'v9' is not a CAP version of pack camel-scf \(v2, v3\)/],
    [['pack', 'run', 'camel-scf', '--target', '127.0.0.1:2905', '--var', 'sk_nope=1'], /--var: sk_nope is not a variable of pack camel-scf/],
    [['pack', 'run', 'camel-scf', '--target', '127.0.0.1:2905', '--transport', 'udp'], /--transport: tcp or sctp, not 'udp'/],
    [['pack', 'run', 'camel-scf', '--target', '127.0.0.1:2905', '--transport', 'sctp', '--sctp-backend', 'bsd'], /--sctp-backend: auto, kernel or userland, not 'bsd'/],
  ];
  const rs = await Promise.all(cases.map(([args]) => tester(args)));
  rs.forEach((r, i) => {
    assert.equal(r.code, 2, `${cases[i]![0].join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, cases[i]![1]);
  });
});

test('an SCP that never takes the association: exit 2 naming the target', async () => {
  const port = await freePort();
  const r = await tester(['pack', 'run', 'camel-scf', '--target', `127.0.0.1:${port}`, '--up-within', '1', '--only', 'idp-connect']);
  assert.equal(r.code, 2, r.stdout);
  assert.match(r.stderr, new RegExp(`the SCP at 127.0.0.1:${port} did not take the association within 1 s`));
});

describe('against tester scp-sim over M3UA/TCP', () => {
  let whole: { code: number; results: Result[]; stderr: string };
  const junit = join(s.dir, 'pack.xml');
  before(async () => {
    whole = await runPack(join(repoRoot, 'packs/camel-scf/scp-sim.json'), ['--junit', junit]);
  });

  test('the whole pack passes in CAP v2 and v3 with the pack\'s script (exit 0)', () => {
    assert.equal(whole.code, 0, whole.stderr);
    assert.equal(whole.results.length, procedures.length * 2);
    assert.deepEqual(failed(whole.results), [], JSON.stringify(whole.results.filter((r) => r.verdict !== 'pass'), null, 1));
  });

  test('the JUnit has one test case per procedure and CAP version, valid against the Ant schema', xmllint, () => {
    const xml = readFileSync(junit, 'utf8');
    assert.equal((xml.match(/<testcase /g) ?? []).length, procedures.length * 2);
    assert.match(xml, /<testsuite name="camel-scf" tests="36" failures="0" errors="0"/);
    const r = spawnSync('xmllint', ['--noout', '--schema', join(repoRoot, 'test/fixtures/junit/junit.xsd'), junit], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  test('an SCP that never sends ApplyCharging fails exactly the charging procedures, with the evidence', async () => {
    const script = faulty('no-ac.json', (r) => (r.name === 'prepaid' || r.name === 'periods' ? withoutOp('ApplyCharging')(r) : undefined));
    const r = await runPack(script, ['--cap', 'v3', '--junit', join(s.dir, 'no-ac.xml')]);
    assert.equal(r.code, 1);
    assert.deepEqual(failed(r.results), ['ac-call-period', 'ac-tariff-switch', 'charging-sequence', 'error-system-failure', 'missing-acr', 'missing-erb', 'unexpected-erb']);
    const row = r.results.find((x) => x.procedure === 'charging-sequence')!;
    assert.match(row.evidence, /expected ApplyCharging from the SCP, received Connect/);
    const xml = readFileSync(join(s.dir, 'no-ac.xml'), 'utf8');
    assert.match(xml, /<testsuite name="camel-scf" tests="18" failures="7" errors="0"/);
    assert.match(xml, /<failure type="fail" message="[^"]*expected ApplyCharging from the SCP, received Connect/);
  });

  test('an SCP that answers the routing service with Continue fails the procedures that expect Connect', async () => {
    const script = faulty('continue.json', (r) => (r.name === 'route' || r.name === 'route-bcd' ? { name: r.name, match: (r as { match?: unknown }).match, action: 'continue' } as Rule : undefined));
    const r = await runPack(script, ['--cap', 'v3']);
    assert.equal(r.code, 1);
    assert.deepEqual(failed(r.results), ['idp-collected-info', 'idp-connect']);
    assert.match(r.results.find((x) => x.procedure === 'idp-connect')!.evidence, /expected Connect from the SCP, received Continue/);
  });

  test('an SCP that never sends ActivityTest fails the activity-test procedure only', async () => {
    const script = faulty('no-at.json', (r) => {
      if (r.name !== 'supervised') return undefined;
      r.flow = r.flow!.filter((st) => !(Array.isArray(st.send) && st.send[0].op === 'ActivityTest') && st.expect !== 'ActivityTestResult');
      return r;
    });
    const r = await runPack(script, ['--cap', 'v3', '--tcap-timeout', '3']);
    assert.equal(r.code, 1);
    assert.deepEqual(failed(r.results), ['activity-test']);
    assert.match(r.results.find((x) => x.procedure === 'activity-test')!.evidence, /ActivityTest: timeout: nothing received from the SCP within 3 s/);
  });
});
