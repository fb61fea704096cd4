// The key acceptance test of `tester import`: a capture the tester wrote (the sigtran instance's pcap) of a run
// against the reference SCP imports to a definition that, run against the same simulator, passes and sends the
// same messages field for field (transaction ids aside).
import { after, describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../helpers/service.js';
import { startStack, type Stack } from '../inap/helpers/stack.js';
import { runImport } from '../../../plugins/capture/command.js';
import { readFrames } from '../../../plugins/capture/pcap/read.js';
import { messagesOf } from '../../../plugins/capture/pcap/streams.js';
import { followDialogues } from '../../../plugins/capture/tcap/dialogues.js';

const examples = join(import.meta.dirname, '../../../examples/inap');
const script = JSON.parse(readFileSync(join(examples, 'scp-sim.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'import-rt-'));

/** Run `def` against the reference SCP with the instance capturing to `pcap`; the run's counts. */
async function capturedRun(def: Record<string, unknown>, pcap: string, runId: string): Promise<{ passed: number; failed: number; aborted: number; r: unknown }> {
  const st: Stack = await startStack(script, { pcap });
  try {
    const r = await runToCompletion(st.port, { ...def, run_id: runId });
    return { ...r.counts, r };
  } finally {
    await st.close(); // flushes the capture
  }
}

/** Each message of the one dialogue: who sent it, its TCAP kind, and every component as opcode/type and parameter octets. */
function wire(pcap: string): string[] {
  const f = followDialogues(messagesOf(readFrames(readFileSync(pcap))).messages);
  assert.equal(f.dialogues.length, 1);
  return f.dialogues[0]!.messages.map((m) => {
    const comps = m.tcap.components.map((c) => {
      const p = c.type === 'invoke' ? c.argument : c.type === 'returnResult' ? c.result : c.type === 'returnError' ? c.parameter : undefined;
      return `${c.type}:${'opcode' in c ? String(c.opcode) : ''}:${p ? Buffer.from(p).toString('hex') : ''}`;
    });
    return `${m.fromOpener ? 'tester' : 'peer'} ${m.tcap.kind} ${m.tcap.acOid ?? ''} ${comps.join(' ')}`;
  });
}

describe('import round trip: INAP/CAP prepaid call against scp-sim', () => {
  after(() => {});
  test('the imported definition passes and sends the same messages', async () => {
    const first = join(dir, 'first.pcap');
    const def = JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8'));
    const a = await capturedRun(def, first, 'rt-original');
    assert.equal(a.passed, 1, JSON.stringify(a.r));
    const out: string[] = [];
    const err: string[] = [];
    const code = runImport({ files: [first], out: join(dir, 'prepaid') }, (t) => out.push(t), (t) => err.push(t));
    assert.equal(code, 0, err.join(''));
    assert.deepEqual(out, [`${join(dir, 'prepaid')}-1.json\n`]);
    const imported = JSON.parse(readFileSync(join(dir, 'prepaid-1.json'), 'utf8'));
    assert.equal(imported.ssp_ac, 'camel3');
    const types = imported.operations.map((o: { type: string }) => o.type);
    assert.deepEqual(types, [
      'inap.ssp_to_scp.InitialDP',
      'inap.ssp_from_scp.RequestReportBCSMEvent',
      'inap.ssp_from_scp.ApplyCharging',
      'inap.ssp_from_scp.Connect',
      'inap.ssp_to_scp.EventReportBCSM',
      'inap.ssp_to_scp.ApplyChargingReport',
      'inap.ssp_from_scp.ReleaseCall',
    ]);
    const rc = imported.operations[6];
    assert.ok(rc.tests.some((t: { kpath: string; value: unknown }) => t.kpath.startsWith('initialCallSegment') && Number(t.value) === 16), JSON.stringify(rc));
    const second = join(dir, 'second.pcap');
    const b = await capturedRun(imported, second, 'rt-imported');
    assert.deepEqual([b.passed, b.failed, b.aborted], [1, 0, 0], JSON.stringify(b.r));
    assert.deepEqual(wire(second), wire(first));
  });
});
