// Long tier: the multi-homing tests of the userland backend, on the kernel backend for real, in one boot of the
// User-Mode Linux guest (test/helpers/uml.ts; this machine's kernel has no SCTP) with TESTER_SCTP_BACKEND=kernel:
//   - test/sdk/net/sctp/source-address.long.test.ts: two veth links, rp_filter=1 on both ends, every captured
//     packet of each link between that link's addresses, both paths active throughout
//   - test/plugins/sigtran/e2e/failover.long.test.ts: the failover drill (docs/plugins/sigtran.md), whose figures
//     the guest prints and this test passes on as a diagnostic
// Their TAP summary is asserted here: both ran and passed, none skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootUml, needsUml, type UmlRun } from '../../../helpers/uml.js';
import { needsTool } from '../../../helpers/tools.js';

const SUITES = ['test/sdk/net/sctp/source-address.long.test.ts', 'test/plugins/sigtran/e2e/failover.long.test.ts'];

const tail = (run: UmlRun, n = 80) => run.output.split('\n').slice(-n).join('\n');
const summary = (output: string, key: string) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(output)?.[1] ?? NaN);

function needs(): { skip?: string } {
  const u = needsUml();
  return u.skip ? u : needsTool('tshark', 'apt-get install tshark');
}

test('multi-homing on the kernel backend in a Linux guest: per-path source addresses with rp_filter=1, and the failover drill', { ...needs(), timeout: 20 * 60_000 }, async (t) => {
  const cmd = `node --import tsx --unhandled-rejections=strict --test --test-reporter=tap --test-concurrency=1 ${SUITES.join(' ')} 2>&1`;
  const run = await bootUml(cmd, { env: { TESTER_SCTP_BACKEND: 'kernel' }, timeoutMs: 18 * 60_000 });
  t.diagnostic(`guest booted in ${run.bootMs} ms; the tests took ${Math.round(run.ms / 1000)} s in all`);
  for (const line of run.output.split('\n').filter((l) => /failover drill: \{|^# +\d+ ms: /.test(l))) t.diagnostic(line.replace(/^#\s*/, ''));
  assert.ok(run.bootMs !== undefined, `the guest did not boot:\n${tail(run)}`);
  const counts = Object.fromEntries(['tests', 'pass', 'fail', 'cancelled', 'skipped'].map((k) => [k, summary(run.output, k)]));
  const failed = run.output.split('\n').filter((l) => /^\s*not ok /.test(l));
  assert.deepEqual(counts, { tests: 2, pass: 2, fail: 0, cancelled: 0, skipped: 0 }, `${failed.join('\n')}\n${tail(run, 150)}`);
  assert.equal(run.rc, 0);
});
