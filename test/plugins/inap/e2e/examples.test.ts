// Every definition in examples/inap/ runs against the reference SCP (scp-sim with examples/inap/scp-sim.json)
// over M3UA/TCP on loopback and passes: the spec's example request exactly as written, single calls, the prepaid
// call with charging, the SRF announcements, the load test and the linear ramp (at the fast tier's size: see
// test/helpers/examples.ts; examples.long.test.ts runs them as written).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { fastTierCopy, totalOf } from '../../../helpers/examples.js';

const dir = join(import.meta.dirname, '../../../../examples/inap');
const script = JSON.parse(readFileSync(join(dir, 'scp-sim.json'), 'utf8'));
const definitions = readdirSync(dir).filter((f) => f.endsWith('.json') && !['plugins.json', 'scp-sim.json', 'scp-role.json', 'plugins-scp.json'].includes(f));

describe('examples/inap against the reference SCP', () => {
  let st: Stack;
  before(async () => {
    st = await startStack(script);
  });
  after(async () => {
    await st.close();
  });

  for (const f of definitions) {
    test(f, async () => {
      const def = fastTierCopy(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      def.run_id = `${f}-${Date.now()}`;
      const r = await runToCompletion(st.port, def, { timeoutMs: 60_000 });
      assert.deepEqual(r.first_aborts, [], JSON.stringify(r.first_aborts));
      assert.deepEqual(r.first_fails, [], JSON.stringify(r.first_fails));
      const total = totalOf(def);
      assert.equal(r.counts.passed, total, JSON.stringify(r.counts));
      assert.equal(r.counts.aborted, 0);
      if (total === 1) {
        assert.ok(r.first_call.check_log.length > 0, 'checks were made');
        assert.ok(r.first_call.check_log.every((c: { status: string }) => c.status === 'pass'));
      }
    });
  }

  test('the spec example: decoded fields in $i-style messages and the check log', async () => {
    const def = JSON.parse(readFileSync(join(dir, 'spec-example.json'), 'utf8'));
    def.run_id = `spec-${Date.now()}`;
    const r = await runToCompletion(st.port, def);
    const [sent, received] = r.first_call.messages;
    assert.equal(sent.name, 'InitialDP');
    assert.equal(sent.fields.calledPartyNumber_digits, '1800999001');
    assert.equal(sent.fields.callingPartyNumber_digits, '027654321');
    assert.equal(sent.fields.serviceKey, 341);
    assert.equal(received.name, 'ReleaseCall');
    assert.equal(received.fields.initialCallSegment_cause, 16);
    assert.equal(received.fields.initialCallSegment_hex, '8090');
    assert.deepEqual(r.first_call.check_log.map((c: { text: string }) => c.text), ['ReleaseCall.initialCallSegment_cause: is 16']);
  });

  test('prepaid at trace_level 2: every message recorded with its M3UA hex', async () => {
    const def = JSON.parse(readFileSync(join(dir, 'prepaid.json'), 'utf8'));
    def.run_id = `prepaid-${Date.now()}`;
    const r = await runToCompletion(st.port, def);
    const names = r.first_call.messages.map((m: { direction: string; name: string }) => `${m.direction} ${m.name}`);
    assert.deepEqual(names, ['sent InitialDP', 'received RequestReportBCSMEvent', 'received ApplyCharging', 'received Connect', 'sent EventReportBCSM', 'sent ApplyChargingReport', 'received ReleaseCall']);
    const withHex = r.first_call.messages.filter((m: { hex?: string }) => typeof m.hex === 'string');
    assert.equal(withHex.length, 5, 'one hex dump per TCAP message (the Continue carries three components)');
    assert.match(withHex[0].hex, /^01000101/, 'M3UA version 1, DATA');
    assert.equal(r.first_call.vars.max_period, 600);
  });
});
