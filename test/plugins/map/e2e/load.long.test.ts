// Long tier: load sanity. ATIs at 2,000/s for 10 s (20,000, linear) from the tester playing the gsmSCF, answered by
// `tester hlr-sim` in its own process, and by a second tester playing the HLR (every instance waits for the next
// ATI); the load-sized examples/map definitions as written. None failed or aborted; at most a small share dropped
// (a busy 2-core machine may fall behind the rate for a moment: test/helpers/examples.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { call, runToCompletion, waitForRun } from '../../../helpers/service.js';
import { assertLongOutcome, isLoadSized, totalOf } from '../../../helpers/examples.js';
import type { RunningService } from '../../../../core/service.js';
import { startPair } from '../helpers/pair.js';
import { EXAMPLES, spawnHlrSim, startMapService } from '../helpers/sim.js';

const RATE = 2000;
const SECONDS = 10;
const ati = {
  type: 'map.scp_to_hlr.AnyTimeInterrogation',
  arguments: { msisdn_digits: "{ $n % 2 == 0 ? '4917100001' : '4917100002' }", requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '4917000000' },
};
const atiLoad = (runId: string, checks: Record<string, unknown>) => ({
  run_id: runId,
  distribution: { type: 'linear', total: RATE * SECONDS, backlog: 400, cps: RATE },
  operations: [ati, { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: checks }],
});

describe('MAP load sanity (long tier)', () => {
  let child: ChildProcess;
  let svc: RunningService;
  before(async () => {
    const sim = await spawnHlrSim();
    child = sim.child;
    svc = await startMapService(sim.port);
  });
  after(async () => {
    await svc?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  test(`ATI answered by hlr-sim at ${RATE}/s for ${SECONDS} s`, async () => {
    const r = await runToCompletion(svc.port, atiLoad('ati-hlr-sim', { 'subscriberState.assumedIdle': '{ $n % 2 == 0 ? 1 : null }', 'subscriberState.camelBusy': '{ $n % 2 == 1 ? 1 : null }' }), { timeoutMs: 120_000, pollMs: 500 });
    assertLongOutcome(r, RATE * SECONDS, 'ATI against hlr-sim');
    assert.ok(r.rate >= RATE * 0.9, `achieved start rate ${r.rate}/s`);
  });

  for (const f of readdirSync(EXAMPLES).filter((x) => x.endsWith('.json') && !x.startsWith('plugins') && x !== 'hlr-sim.json' && x !== 'hlr-role.json')) {
    const def = JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));
    if (!isLoadSized(def)) continue;
    test(`examples/map/${f} as written`, async () => {
      const r = await runToCompletion(svc.port, { ...def, run_id: `${f}-long` }, { timeoutMs: 120_000, pollMs: 500 });
      assertLongOutcome(r, totalOf(def), f);
    });
  }
});

describe('a tester playing the HLR answers ATI at 2,000/s (long tier)', () => {
  test(`${RATE * SECONDS} ATIs, each answered by the next waiting HLR instance`, async () => {
    const p = await startPair({ tcapTimeoutMs: 10_000 });
    try {
      const total = RATE * SECONDS;
      const hlr = await call(p.a.port, 'ExecuteTest', {
        run_id: 'hlr-answers',
        distribution: { type: 'load', total, backlog: 400 },
        operations: [
          { type: 'map.hlr_from_scp.AnyTimeInterrogation', arguments: { 'requestedInfo.subscriberState': 1 } },
          { type: 'map.hlr_to_scp.AnyTimeInterrogationResult', arguments: { subscriberState: { assumedIdle: 1 } } },
        ],
      });
      assert.equal(hlr.result, 'ok', JSON.stringify(hlr.error));
      const scp = await runToCompletion(p.b.port, atiLoad('scp-asks', { 'subscriberState.assumedIdle': 1 }), { timeoutMs: 120_000, pollMs: 500 });
      assertLongOutcome(scp, total, 'SCP side');
      const h = await waitForRun(p.a.port, 'hlr-answers', { timeoutMs: 60_000, pollMs: 500 }).catch(async () => {
        await call(p.a.port, 'CancelTest', { run_id: 'hlr-answers' });
        return waitForRun(p.a.port, 'hlr-answers');
      });
      assert.equal(h.counts.failed, 0, JSON.stringify(h.counts));
      assert.equal(h.counts.passed, scp.counts.passed, `every ATI the SCP side sent was answered by one HLR instance: ${JSON.stringify(h.counts)}`);
    } finally {
      await p.close();
    }
  });
});
