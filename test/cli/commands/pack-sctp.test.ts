// tester pack run camel-scf over M3UA/SCTP (the userland backend, or the kernel's with TESTER_SCTP_BACKEND=kernel, in a network namespace): scp-sim with the pack's
// script as an SCTP server, and a few procedures run both ways a user can: --target with --transport sctp (the
// pack's own ASP) and --service (a running `tester serve` whose sigtran instance is an SCTP client).
// (test/fixtures/sctp/pack-scenarios.ts)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { needsSctpBackend, runInNetns, sctpBackendUnderTest } from '../../helpers/netns.js';

type Result = { procedure: string; cap: string; verdict: string; evidence: string };

test('camel-scf over M3UA/SCTP: the chosen procedures pass in CAP v2 and v3, with --target and with --service', needsSctpBackend(), async () => {
  const r = await runInNetns('test/fixtures/sctp/pack-scenarios.ts', ['pack'], { timeoutMs: 180_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  for (const how of ['target', 'service'] as const) {
    const run = r.result[how] as { code: number; results: Result[]; stderr: string };
    assert.equal(run.code, 0, `${how}: ${run.stderr}`);
    const rows = run.results.map((x) => `${x.procedure} ${x.cap} ${x.verdict}`).sort();
    assert.deepEqual(rows, ['charging-sequence v2 pass', 'charging-sequence v3 pass', 'error-system-failure v2 pass', 'error-system-failure v3 pass', 'idp-connect v2 pass', 'idp-connect v3 pass'], how);
  }
  assert.ok(r.result.serviceLog.some((l: string) => new RegExp(`association with 127\\.0\\.0\\.1:\\d+ up \\(SCTP, ${sctpBackendUnderTest()} backend`).test(l)), r.result.serviceLog.join('\n'));
});
