// Long tier: the kernel SCTP backend (lksctp through native/sctp's sctp_kernel addon) on a real Linux kernel: a
// User-Mode Linux guest (test/helpers/uml.ts; this machine's kernel has no SCTP), whose root file system is this
// machine's, so the guest runs this checkout as it is.
//   - the backend-parametric suites with TESTER_SCTP_BACKEND=kernel, in one boot under node --test: the sdk's
//     association (streams, PPIDs, a 200 kB message, SHUTDOWN and ABORT both ways, errors, two threads each with its
//     own sockets), a CAMEL prepaid call of
//     the tester service with `tester scp-sim --sctp-backend kernel` on a live capture, the same pair under load (a
//     linear run of 1,000 InitialDP→ReleaseCall instances), a peer ABORT, heartbeat loss and lost packets while
//     instances wait, and Diameter over SCTP with `tester diameter-ocs`; their TAP summary is asserted here
//   - backend "auto" where the kernel's SCTP module is loaded: the kernel backend
//   - multi-homing: two veth links between two network namespaces in the guest; one call, the first link cut, SCTP
//     marks that path unreachable, and a second call passes on the other path
// Where UML or the kernel addon is missing the tests skip with the reason; in CI (CI=true) they fail instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseResult } from '../../../helpers/netns.js';
import { bootUml, needsUml, type UmlRun } from '../../../helpers/uml.js';

/** The suites of the kernel backend, and how many tests they declare for it. */
const SUITES = ['test/sdk/net/sctp/userland.test.ts', 'test/plugins/sigtran/e2e/sctp.test.ts', 'test/plugins/sigtran/e2e/sctp.long.test.ts', 'test/plugins/diameter/peer/sctp.test.ts'];
const SUITE_TESTS = 6 + 2 + 4 + 1;

const tail = (run: UmlRun, n = 60) => run.output.split('\n').slice(-n).join('\n');
const summary = (output: string, key: string) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);

test('the kernel backend\'s suites pass in a Linux guest: every test run, none skipped', { ...needsUml(), timeout: 20 * 60_000 }, async (t) => {
  const cmd = `node --import tsx --unhandled-rejections=strict --test --test-reporter=tap --test-concurrency=1 ${SUITES.join(' ')} 2>&1`;
  const run = await bootUml(cmd, { env: { TESTER_SCTP_BACKEND: 'kernel' }, timeoutMs: 18 * 60_000 });
  t.diagnostic(`guest booted in ${run.bootMs} ms; the suites took ${Math.round(run.ms / 1000)} s in all`);
  assert.ok(run.bootMs !== undefined, `the guest did not boot:\n${tail(run)}`);
  const counts = Object.fromEntries(['tests', 'pass', 'fail', 'cancelled', 'skipped', 'todo'].map((k) => [k, summary(run.output, k)]));
  const failed = run.output.split('\n').filter((l) => /^\s*not ok /.test(l));
  assert.deepEqual(counts, { tests: SUITE_TESTS, pass: SUITE_TESTS, fail: 0, cancelled: 0, skipped: 0, todo: 0 }, `${failed.join('\n')}\n${tail(run, 120)}`);
  assert.equal(run.rc, 0);
});

test('backend "auto" picks the kernel backend where the kernel\'s SCTP module is loaded', needsUml(), async () => {
  const run = await bootUml('node --import tsx test/fixtures/sctp/sdk-scenarios.ts choose');
  const r = parseResult(run.output);
  assert.ok(r, `no result:\n${tail(run)}`);
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r, { backend: 'kernel', note: 'SCTP backend kernel (auto)' });
});

test('multi-homing on the kernel backend: one call, a path fails, SCTP reports it, the next call passes on the other path', { ...needsUml(), timeout: 10 * 60_000 }, async () => {
  const run = await bootUml('bash test/fixtures/sctp/uml/multihome.sh', { timeoutMs: 8 * 60_000 });
  const r = parseResult(run.output);
  assert.ok(r, `no RESULT line from the guest:\n${tail(run)}`);
  assert.equal(r.error, undefined, `${r.error}\n${tail(run)}`);
  assert.match(r.kernel, /^\d+\.\d+/, 'the guest kernel');

  // one association on the kernel backend, both sides multi-homed: two local and two peer addresses
  const before = r.before;
  assert.equal(before.backend, 'kernel');
  assert.equal(before.association.backend, 'kernel');
  assert.equal(before.association.state, 'established');
  const port = (a: string) => a.slice(a.lastIndexOf(':') + 1);
  assert.deepEqual([...before.association.local].sort(), [`198.18.1.1:${port(before.association.local[0])}`, `198.18.2.1:${port(before.association.local[0])}`].sort());
  assert.deepEqual([...before.association.remote].sort(), ['198.18.1.2:2905', '198.18.2.2:2905']);
  assert.deepEqual(before.association.paths.map((p: { address: string }) => p.address).sort(), ['198.18.1.2', '198.18.2.2']);
  for (const p of before.association.paths) assert.equal(p.state, 'active', `path ${p.address} before the failure`);
  assert.ok(before.association.events.some((e: { kind: string }) => e.kind === 'comm-up'), 'COMM_UP seen');
  assert.deepEqual(r.first, { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 });

  // the link of 198.18.1.x went down; SCTP's heartbeats marked that peer address unreachable
  const unreachable = r.unreachable.association;
  assert.ok(unreachable.events.some((e: { kind: string; address?: string; state?: string }) => e.kind === 'path' && e.address === '198.18.1.2' && e.state === 'unreachable'), `no unreachable event for 198.18.1.2: ${JSON.stringify(unreachable.events)}`);
  assert.notEqual(unreachable.paths.find((p: { address: string }) => p.address === '198.18.1.2').state, 'active', 'the failed path is not active');

  // the association survived on the other path, and a second call passes over it
  assert.deepEqual(r.second, { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, JSON.stringify(r.secondAborts));
  assert.equal(r.after.association.state, 'established');
  assert.ok(!r.after.association.events.some((e: { kind: string }) => e.kind === 'comm-lost'), 'the association was never lost');
  assert.equal(r.after.association.paths.find((p: { address: string }) => p.address === '198.18.2.2').state, 'active');
});
