// ActivityTest from the SCP (issue 11 item 2): a gsmSSF answers it at once, whatever the call is doing. The SCP is
// a scripted peer over real M3UA/TCP (the stack's bare sigtran gateway), so the order of what the tester puts on
// the wire is observed from the other side: the answer must come before what the definition sends after its `wait`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../../helpers/service.js';
import type { Component, Dialogue, SigtranGateway, TcapMessage } from '../../../../plugins/sigtran/api.js';
import { encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { SPEC_IDP, sample } from '../fixtures/samples.js';

const AT = 55;
const ERB = 24;
const RELEASE_CALL = 22;
const IDP = { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: 7 } };
const WAIT = { type: 'wait', arguments: { seconds: 2 } };
const SEND_ERB = { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: sample('EventReportBCSM', 'camel3') };
const EXPECT_RC = { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } };
const releaseCall = () => ({ opcode: RELEASE_CALL, argument: encodeArg(argType('ReleaseCall', 'camel3')!, { initialCallSegment_cause: 16 }) });

/** A component as the SCP sees it: 'invoke <opcode>' or 'result <invoke id>'. */
const show = (c: Component) => (c.type === 'invoke' ? `invoke ${String(c.opcode)}` : c.type === 'returnResult' ? `result ${c.invokeId}` : c.type);
const shown = (m: TcapMessage) => `${m.kind}: ${m.components.map(show).join(', ')}`;

describe('ActivityTest from the SCP', () => {
  let st: Stack;
  let testerGw: SigtranGateway;
  let n = 0;
  before(async () => {
    st = await startStack();
    testerGw = (st.svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(n?: string): SigtranGateway }).gateway('SIG')!;
  });
  after(async () => {
    await st.close();
  });

  /** Start the run, take its InitialDP as the SCP and play `scp` on the dialogue; the run's result and what `scp` returned. */
  async function withScp<T>(operations: unknown[], scp: (d: Dialogue) => Promise<T>, extra: Record<string, unknown> = {}): Promise<{ r: any; seen: T; testerSent: number }> {
    const runId = `activity-${++n}`;
    const sentBefore = testerGw.status().sent;
    const r0 = await call(st.port, 'ExecuteTest', { run_id: runId, trace_level: 1, operations, ...extra });
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const begin = await st.simGw.acceptBegin({ opcode: 0 }, { timeoutMs: 10_000 });
    const seen = await scp(begin.dialogue);
    const r = await waitForRun(st.port, runId, { timeoutMs: 20_000 });
    begin.dialogue.release();
    return { r, seen, testerSent: testerGw.status().sent - sentBefore };
  }

  /** The SCP's side of a call supervised during the SSP's `wait`: ActivityTest, then two messages, then ReleaseCall. */
  const supervise = async (d: Dialogue) => {
    const id = d.invoke({ opcode: AT });
    d.send();
    const seen = [await d.receive({ timeoutMs: 10_000 }), await d.receive({ timeoutMs: 10_000 })].map(shown);
    d.invoke(releaseCall());
    d.end();
    return { id, seen };
  };
  const names = (r: any) => r.first_call.messages.map((m: { direction: string; name: string }) => `${m.direction} ${m.name}`);

  test('during a wait: answered at once, before what the definition sends after the wait; the trace shows it', async () => {
    const { r, seen } = await withScp([IDP, WAIT, SEND_ERB, EXPECT_RC], supervise);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    assert.deepEqual(seen.seen, [`continue: result ${seen.id}`, `continue: invoke ${ERB}`]);
    assert.deepEqual(names(r), ['sent InitialDP', 'received ActivityTest', 'sent ActivityTestResult', 'sent EventReportBCSM', 'received ReleaseCall']);
    const rx = r.first_call.messages.find((m: { name: string }) => m.name === 'ActivityTest');
    assert.equal(rx.fields.invoke_id, seen.id);
    assert.equal(rx.fields.auto_answered, 1);
    assert.ok(r.first_call.trace_log.some((t: { msg: string }) => /ActivityTest \(invoke \d+\) answered at once/.test(t.msg)), 'traced');
  });

  test('switched off (inap.activity_test "answer"): the old behaviour, answered when the definition next waits', async () => {
    const { r, seen } = await withScp([IDP, WAIT, SEND_ERB, EXPECT_RC], supervise, { inap: { activity_test: 'answer' } });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    assert.deepEqual(seen.seen, [`continue: invoke ${ERB}`, `continue: result ${seen.id}`]);
  });

  test('a definition that receives ActivityTest itself gets it (no automatic answer)', async () => {
    const ops = [IDP, { type: 'inap.ssp_from_scp.ActivityTest' }, { type: 'inap.ssp_to_scp.ActivityTestResult' }, SEND_ERB, EXPECT_RC];
    const { r, seen } = await withScp(ops, supervise);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    assert.deepEqual(seen.seen, [`continue: result ${seen.id}`, `continue: invoke ${ERB}`]);
    assert.deepEqual(names(r), ['sent InitialDP', 'received ActivityTest', 'sent ActivityTestResult', 'sent EventReportBCSM', 'received ReleaseCall']);
    assert.equal(r.first_call.messages[1].fields.auto_answered, undefined, 'received by the definition');
  });

  test('an unknown inap.activity_test is refused at ExecuteTest', async () => {
    const r0 = await call(st.port, 'ExecuteTest', { run_id: 'activity-bad', operations: [IDP], inap: { activity_test: 'later' } });
    assert.equal(r0.error?.code, 2002, JSON.stringify(r0));
    assert.match(r0.error!.message, /inap\.activity_test/);
  });

  for (const rule of ['auto', 'answer']) {
    test(`in the SCP's End: never answered, the definition goes on (${rule})`, async () => {
      const { r, testerSent } = await withScp([IDP, WAIT, EXPECT_RC], async (d) => {
        d.invoke({ opcode: AT });
        d.invoke(releaseCall());
        d.end();
      }, { inap: { activity_test: rule } });
      assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
      assert.equal(testerSent, 1, 'the tester sent its Begin and nothing else');
      assert.deepEqual(names(r), ['sent InitialDP', 'received ReleaseCall']);
      assert.ok(r.first_call.trace_log.some((t: { msg: string }) => /ActivityTest \(invoke \d+\) not answered: the dialogue is closed/.test(t.msg)), 'traced');
    });
  }

  test('in a Continue followed by the End before the definition waits ("answer"): not answered on the closed dialogue', async () => {
    const { r, testerSent } = await withScp([IDP, WAIT, EXPECT_RC], async (d) => {
      d.invoke({ opcode: AT });
      d.send();
      d.invoke(releaseCall());
      d.end();
    }, { inap: { activity_test: 'answer' } });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    assert.equal(testerSent, 1, 'the tester sent its Begin and nothing else');
  });
});
