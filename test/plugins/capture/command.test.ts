// `tester import`. The key acceptance test: a capture the tester wrote (the sigtran instance's pcap) of a run
// against the reference SCP imports to a definition that, run against the same simulator, passes and sends the
// same messages field for field (transaction ids aside). Then the roles, the filters, the report of what is not
// imported (with frame numbers) and the command line.
import { before, describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../helpers/service.js';
import { startStack, type Stack } from '../inap/helpers/stack.js';
import { importCommand, runImport } from '../../../plugins/capture/command.js';
import { pluginCommandHelp, runPluginCommand } from '../../../cli/plugin-command.js';
import { writePcap } from '../../../sdk/index.js';
import { decodeCaptured } from '../../../plugins/sigtran/capture.js';
import { encodeData } from '../../../plugins/sigtran/m3ua/codec.js';
import { startSimStack } from '../map/helpers/sim.js';
import { startOcsSim } from '../../../plugins/diameter/ocs-sim/engine.js';
import { startTestService } from '../../helpers/service.js';
import { decodeDiameter } from '../../../plugins/diameter/import.js';
import { spawn } from 'node:child_process';
import { needsTool } from '../../helpers/tools.js';
import { listenAddress } from '../../../plugins/sigtran/gateway/standalone.js';
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

const first = join(dir, 'first.pcap');

describe('import round trip: INAP/CAP prepaid call against scp-sim', () => {
  before(async () => {
    const def = JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8'));
    const a = await capturedRun(def, first, 'rt-original');
    assert.equal(a.passed, 1, JSON.stringify(a.r));
  });
  test('the imported definition passes and sends the same messages', async () => {
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

  test('the tester as the SCP: the peer opens, the tester answers in one Continue and closes with an End', () => {
    const err: string[] = [];
    assert.equal(runImport({ files: [first], out: join(dir, 'scp'), role: 'scp' }, () => {}, (t) => err.push(t)), 0, err.join(''));
    const ops = JSON.parse(readFileSync(join(dir, 'scp-1.json'), 'utf8')).operations as Array<{ type: string; arguments?: Record<string, unknown>; tests?: unknown[] }>;
    assert.deepEqual(ops.map((o) => o.type), ['inap.scp_from_ssp.InitialDP', 'inap.scp_to_ssp.RequestReportBCSMEvent', 'inap.scp_to_ssp.ApplyCharging', 'inap.scp_to_ssp.Connect', 'inap.scp_from_ssp.EventReportBCSM', 'inap.scp_from_ssp.ApplyChargingReport', 'inap.scp_to_ssp.ReleaseCall']);
    assert.deepEqual([ops[1]!.arguments!.send_with_next, ops[2]!.arguments!.send_with_next, ops[3]!.arguments!.send_with_next], [true, true, undefined]);
    assert.equal(ops[6]!.arguments!.send_and_close, true);
    assert.ok(ops[0]!.tests!.some((t) => JSON.stringify(t) === JSON.stringify({ kpath: 'serviceKey', type: 'number', value: 200 })));
  });

  test('filters: by dialogue number, otid and service key; none chosen exits 1', () => {
    const otid = followDialogues(messagesOf(readFrames(readFileSync(first))).messages).dialogues[0]!.otid;
    const quiet = () => {};
    assert.equal(runImport({ files: [first], out: join(dir, 'f1'), dialogue: { index: 1 }, serviceKey: 200 }, quiet, quiet), 0);
    assert.equal(runImport({ files: [first], out: join(dir, 'f2'), dialogue: { otid } }, quiet, quiet), 0);
    assert.equal(runImport({ files: [first], out: join(dir, 'f3'), dialogue: { index: 2 } }, quiet, quiet), 1);
    assert.equal(runImport({ files: [first], out: join(dir, 'f4'), serviceKey: 201 }, quiet, quiet), 1);
    assert.equal(runImport({ files: [first], out: join(dir, 'f5'), ssn: 146, pc: 2 }, quiet, quiet), 0);
    assert.deepEqual(readdirSync(dir).filter((f) => /^f\d/.test(f)).sort(), ['f1-1.json', 'f2-1.json', 'f5-1.json']);
  });

  test('--msisdn: the calling, called or destination number of the INAP dialogue, exactly', () => {
    const quiet = () => {};
    for (const n of ['0217654321', '0211234567', '+4912345678']) assert.equal(runImport({ files: [first], out: join(dir, 'm-ok'), msisdn: n }, quiet, quiet), 0, n);
    for (const n of ['4917100001', '217654321', '0217654322']) assert.equal(runImport({ files: [first], out: join(dir, 'm-no'), msisdn: n }, quiet, quiet), 1, n);
  });

  test('unknown and undecodable messages are reported with their frame numbers and skipped', () => {
    const tcap = messagesOf(readFrames(readFileSync(first))).messages.filter((m) => 'tcap' in decodeCaptured(m.bytes, 'm3ua')).map((m) => Buffer.from(m.bytes));
    assert.equal(tcap.length, 5);
    const [idp, cont, erb, acr, rc] = tcap as [Buffer, Buffer, Buffer, Buffer, Buffer];
    const stray = Buffer.from(cont);
    const at = stray.indexOf(Buffer.from([0x49, 0x04])); // the Continue's dtid
    stray[at + 5] = stray[at + 5]! ^ 0xff;
    const unknownOp = Buffer.from(erb);
    const op = unknownOp.indexOf(Buffer.from([0x02, 0x01, 0x18, 0x30])); // EventReportBCSM's opcode 24
    unknownOp[op + 2] = 99;
    const junk = encodeData({ opc: 1, dpc: 2, si: 3, ni: 2, mp: 0, sls: 0 }, 3, (b, o) => b.set([0x09, 0xff, 0xff], o));
    const patched = join(dir, 'patched.pcap');
    writePcap(patched, [idp, stray, cont, unknownOp, junk, acr, rc].map((bytes) => ({ dissector: 'm3ua', bytes })));
    const err: string[] = [];
    assert.equal(runImport({ files: [patched], out: join(dir, 'patched') }, () => {}, (t) => err.push(t)), 0);
    const lines = err.join('').split('\n');
    assert.match(lines.find((l) => l.startsWith('frame 2:')) ?? '', /TCAP continue \(dtid [0-9a-f]+\) of no dialogue begun in the capture/);
    assert.match(lines.find((l) => l.startsWith('frame 4:')) ?? '', /invoke opcode 99 has no operation type in ssp_to_scp: skipped/);
    assert.match(lines.find((l) => l.startsWith('frame 5:')) ?? '', /undecodable M3UA/);
    assert.match(lines.at(-2)!, /7 frames, 7 messages \(0 management\), 1 dialogues, 0 sessions, 1 chosen, 1 imported, 3 frames noted/);
    const ops = JSON.parse(readFileSync(join(dir, 'patched-1.json'), 'utf8')).operations as Array<{ type: string }>;
    assert.equal(ops.length, 6, 'the unknown operation is skipped, the others kept');
    assert.ok(!ops.some((o) => o.type.endsWith('EventReportBCSM')));
  });

  test('the command line: help, usage errors, an unreadable capture', async () => {
    const help = pluginCommandHelp('import', importCommand);
    for (const flag of ['--role', '--strict', '--together', '--dialogue', '--service-key', '--out']) assert.ok(help.includes(flag), flag);
    assert.equal(await runPluginCommand('import', importCommand, ['--role', 'HLR!', first], {}), 2);
    const notes: string[] = [];
    assert.equal(runImport({ files: [first], out: join(dir, 'hlr'), role: 'hlr' }, () => {}, (t) => notes.push(t)), 1, 'no INAP role hlr');
    assert.match(notes.join(''), /frame \d+: dialogue 1: role hlr is not one of INAP's/);
    assert.equal(await runPluginCommand('import', importCommand, ['--dialogue', 'x', first], {}), 2);
    const err: string[] = [];
    assert.equal(runImport({ files: [join(examples, 'prepaid.json')] }, () => {}, (t) => err.push(t)), 2);
    assert.match(err.join(''), /not a pcap or pcapng file/);
    assert.equal(runImport({ files: [] }, () => {}, () => {}), 2);
  });

  test('--together writes one file', () => {
    const out: string[] = [];
    assert.equal(runImport({ files: [first], out: join(dir, 'all'), together: true }, (t) => out.push(t), () => {}), 0);
    assert.deepEqual(out, [`${join(dir, 'all')}.json\n`]);
    assert.equal(JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')).operations.length, 7);
  });
});

describe('import round trip: INAP/CAP prepaid call over SUA against scp-sim', () => {
  test('the SUA capture imports to a definition that passes over SUA and sends the same messages', async () => {
    const sua = { adaptation: 'sua' as const, routingContext: 7 };
    const run = async (def: Record<string, unknown>, pcap: string, runId: string) => {
      const st = await startStack(script, { pcap, adaptation: sua });
      try {
        return await runToCompletion(st.port, { ...def, run_id: runId });
      } finally {
        await st.close();
      }
    };
    const def = JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8'));
    const suaPcap = join(dir, 'sua.pcap');
    assert.equal((await run(def, suaPcap, 'rt-sua-original')).counts.passed, 1);
    const protocols = new Set(messagesOf(readFrames(readFileSync(suaPcap))).messages.map((m) => m.protocol));
    assert.deepEqual([...protocols], ['sua'], 'the capture is SUA');
    const err: string[] = [];
    assert.equal(runImport({ files: [suaPcap], out: join(dir, 'sua') }, () => {}, (t) => err.push(t)), 0, err.join(''));
    const imported = JSON.parse(readFileSync(join(dir, 'sua-1.json'), 'utf8'));
    assert.match(imported.operations[0].description, /TCAP dialogue 1 \(otid [0-9a-f]+, pc 1 ssn 146 to pc 2 ssn 146\)/);
    assert.deepEqual(imported.operations.map((o: { type: string }) => o.type), [
      'inap.ssp_to_scp.InitialDP', 'inap.ssp_from_scp.RequestReportBCSMEvent', 'inap.ssp_from_scp.ApplyCharging', 'inap.ssp_from_scp.Connect',
      'inap.ssp_to_scp.EventReportBCSM', 'inap.ssp_to_scp.ApplyChargingReport', 'inap.ssp_from_scp.ReleaseCall',
    ]);
    const again = join(dir, 'sua-again.pcap');
    const b = await run(imported, again, 'rt-sua-imported');
    assert.deepEqual([b.counts.passed, b.counts.failed, b.counts.aborted], [1, 0, 0], JSON.stringify(b.first_fails));
    assert.deepEqual(wire(again), wire(suaPcap));
    // the SUA import is the M3UA one: the same definition from the same call
    const strip = (f: string) => JSON.parse(readFileSync(f, 'utf8')).operations.map((o: Record<string, unknown>) => ({ ...o, description: undefined }));
    assert.deepEqual(strip(join(dir, 'sua-1.json')), strip(join(dir, 'prepaid-1.json')));
  });
});

/** Run `def` against hlr-sim at trace level 2 and write the first instance's messages as `tester run --pcap` does. */
async function mapRunCaptured(def: Record<string, unknown>, pcap: string, runId: string): Promise<{ passed: number; failed: number; aborted: number; r: unknown }> {
  const st = await startSimStack();
  try {
    const r = await runToCompletion(st.svc.port, { ...def, run_id: runId, trace_level: 2 });
    const msgs = (r.first_call?.messages ?? []) as Array<{ hex?: string; dissector?: string; time: [number, number] }>;
    writePcap(pcap, msgs.filter((m) => m.hex && m.dissector).map((m) => ({ dissector: m.dissector!, bytes: Buffer.from(m.hex!, 'hex'), timeMs: m.time[0] * 1000 + m.time[1] / 1000 })));
    return { ...r.counts, r };
  } finally {
    await st.close();
  }
}

describe('import round trip: MAP AnyTimeInterrogation against hlr-sim (the capture of tester run --pcap)', () => {
  test('the imported definition passes and sends the same messages', async () => {
    const def = JSON.parse(readFileSync(join(import.meta.dirname, '../../../examples/map/ati.json'), 'utf8'));
    const a = await mapRunCaptured(def, join(dir, 'ati.pcap'), 'rt-map-original');
    assert.equal(a.passed, 1, JSON.stringify(a.r));
    const err: string[] = [];
    assert.equal(runImport({ files: [join(dir, 'ati.pcap')], out: join(dir, 'ati') }, () => {}, (t) => err.push(t)), 0, err.join(''));
    const imported = JSON.parse(readFileSync(join(dir, 'ati-1.json'), 'utf8'));
    assert.deepEqual(imported.operations.map((o: { type: string }) => o.type), ['map.scp_to_hlr.AnyTimeInterrogation', 'map.scp_from_hlr.AnyTimeInterrogationResult']);
    assert.equal(imported.operations[0].arguments.tcap_ac, 'anyTimeInfoEnquiryContext_v3');
    const quiet = () => {};
    assert.equal(runImport({ files: [join(dir, 'ati.pcap')], out: join(dir, 'ati-m'), msisdn: '+4917100001' }, quiet, quiet), 0, 'MAP msisdn');
    assert.equal(runImport({ files: [join(dir, 'ati.pcap')], out: join(dir, 'ati-m'), msisdn: '4917100002' }, quiet, quiet), 1);
    const tests = imported.operations[1].tests as Array<{ kpath: string; value: unknown }>;
    assert.ok(tests.some((t) => t.kpath.endsWith('cellGlobalIdOrServiceAreaIdFixedLength_lac') && Number(t.value) === 4660), JSON.stringify(tests));
    const b = await mapRunCaptured(imported, join(dir, 'ati-again.pcap'), 'rt-map-imported');
    assert.deepEqual([b.passed, b.failed, b.aborted], [1, 0, 0], JSON.stringify(b.r));
    assert.deepEqual(wire(join(dir, 'ati-again.pcap')), wire(join(dir, 'ati.pcap')));
  });

  test('a MAP error: unknownSubscriber by name, sent by the HLR and checked by name', async () => {
    const def = JSON.parse(readFileSync(join(import.meta.dirname, '../../../examples/map/ati-unknown.json'), 'utf8'));
    const a = await mapRunCaptured(def, join(dir, 'unknown.pcap'), 'rt-map-error');
    assert.equal(a.passed, 1, JSON.stringify(a.r));
    assert.equal(runImport({ files: [join(dir, 'unknown.pcap')], out: join(dir, 'unknown') }, () => {}, () => {}), 0);
    const imported = JSON.parse(readFileSync(join(dir, 'unknown-1.json'), 'utf8'));
    assert.equal(imported.operations[1].type, 'map.scp_from_hlr.AnyTimeInterrogationError');
    assert.deepEqual(imported.operations[1].tests, [{ kpath: 'errorCode_name', type: 'string', value: 'unknownSubscriber' }]);
    const b = await mapRunCaptured(imported, join(dir, 'unknown-again.pcap'), 'rt-map-error-imported');
    assert.deepEqual([b.passed, b.failed, b.aborted], [1, 0, 0], JSON.stringify(b.r));
    assert.deepEqual(wire(join(dir, 'unknown-again.pcap')), wire(join(dir, 'unknown.pcap')));
  });
});

/** Run `def` against diameter-ocs at trace level 2 and write the first instance's messages as `tester run --pcap` does. */
async function ocsRunCaptured(def: Record<string, unknown>, pcap: string, runId: string): Promise<{ passed: number; failed: number; aborted: number; r: unknown }> {
  const sim = await startOcsSim({ port: 0 });
  const svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: { instances: [{ name: 'OCS', host: '127.0.0.1', port: sim.peer.config.port, origin_host: 'tester.localdomain', origin_realm: 'localdomain' }] } }]);
  try {
    const r = await runToCompletion(svc.port, { ...def, run_id: runId, trace_level: 2 });
    const msgs = (r.first_call?.messages ?? []) as Array<{ hex?: string; dissector?: string; time: [number, number] }>;
    writePcap(pcap, msgs.filter((m) => m.hex && m.dissector).map((m) => ({ dissector: m.dissector!, bytes: Buffer.from(m.hex!, 'hex'), timeMs: m.time[0] * 1000 + m.time[1] / 1000 })));
    return { ...r.counts, r };
  } finally {
    await svc.close();
    await sim.stop();
  }
}

/** Each Diameter message of a capture: its command and every AVP but the per-session ones. */
function diameterWire(pcap: string): string[] {
  return messagesOf(readFrames(readFileSync(pcap))).messages.map((m) => {
    const d = decodeDiameter(m.bytes);
    if (!('name' in d)) return JSON.stringify(d);
    const { 'Session-Id': _s, 'Event-Timestamp': _t, ...rest } = d.object;
    return `${d.name} ${JSON.stringify(rest)}`;
  });
}

describe('import round trip: a Diameter credit-control session against diameter-ocs', () => {
  test('Initial, Update, Terminate: the imported definition passes and sends the same AVPs', async () => {
    const def = JSON.parse(readFileSync(join(import.meta.dirname, '../../../examples/diameter/ccr-session.json'), 'utf8'));
    const a = await ocsRunCaptured(def, join(dir, 'ccr.pcap'), 'rt-dia-original');
    assert.equal(a.passed, 1, JSON.stringify(a.r));
    const err: string[] = [];
    assert.equal(runImport({ files: [join(dir, 'ccr.pcap')], out: join(dir, 'ccr') }, () => {}, (t) => err.push(t)), 0, err.join(''));
    const imported = JSON.parse(readFileSync(join(dir, 'ccr-1.json'), 'utf8'));
    const ops = imported.operations as Array<{ type: string; arguments: { name: string; avps: Array<{ name: string; value?: unknown }> }; tests: Array<{ kpath: string; value: unknown }> }>;
    assert.deepEqual(ops.map((o) => `${o.type} ${o.arguments.name}`), ['diameter.to_server.Request CCR', 'diameter.to_server.Request CCR', 'diameter.to_server.Request CCR']);
    assert.deepEqual(ops[0]!.arguments.avps[0], { name: 'Session-Id_auto' });
    assert.deepEqual(ops[1]!.arguments.avps[0], { name: 'Session-Id', value: "{ $i['CCA']['Session-Id'] }" });
    assert.ok(ops[0]!.tests.some((t) => t.kpath === 'Result-Code' && t.value === 2001));
    assert.ok(!ops[0]!.tests.some((t) => t.kpath === 'Session-Id' || t.kpath === 'Origin-Host'), 'per-session AVPs are not checked');
    const sub = ops[0]!.arguments.avps.find((x) => x.name === 'Subscription-Id')!.value as Array<{ name: string; value: string }>;
    const e164 = sub.find((x) => x.name === 'Subscription-Id-Data')!.value;
    assert.match(e164, /^3161\d{7}$/);
    assert.equal(runImport({ files: [join(dir, 'ccr.pcap')], out: join(dir, 'ccr-m'), msisdn: e164 }, () => {}, () => {}), 0, 'Diameter Subscription-Id');
    assert.equal(runImport({ files: [join(dir, 'ccr.pcap')], out: join(dir, 'ccr-m'), msisdn: `${e164}9` }, () => {}, () => {}), 1);
    const b = await ocsRunCaptured(imported, join(dir, 'ccr-again.pcap'), 'rt-dia-imported');
    assert.deepEqual([b.passed, b.failed, b.aborted], [1, 0, 0], JSON.stringify(b.r));
    assert.deepEqual(diameterWire(join(dir, 'ccr-again.pcap')), diameterWire(join(dir, 'ccr.pcap')));
  });
});

describe('import of a live capture: tshark on the loopback interface, M3UA over TCP', needsTool('tshark', 'apt-get install tshark'), () => {
  test('the TCP stream (joined mid-stream, after the ASP came up) imports to the same definition as the tester\'s own capture', async () => {
    const st = await startStack(script);
    const port = Number(listenAddress(st.simGw)!.split(':').pop());
    const live = join(dir, 'live.pcapng');
    const tshark = spawn('tshark', ['-i', 'lo', '-f', `tcp port ${port}`, '-w', live], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let text = '';
        tshark.stderr!.on('data', (d) => {
          text += d;
          if (text.includes('Capturing on')) resolve();
        });
        tshark.on('exit', () => reject(new Error(`tshark ended: ${text}`)));
      });
      // tshark says it captures a moment before it does on a loaded machine: a second call makes sure one is whole
      await new Promise((res) => setTimeout(res, 1000));
      const def = JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8'));
      for (const k of [1, 2]) assert.equal((await runToCompletion(st.port, { ...def, run_id: `rt-live-${k}` })).counts.passed, 1);
      await new Promise((res) => setTimeout(res, 500)); // the last segments reach the capture
    } finally {
      const ended = new Promise((res) => tshark.on('exit', res));
      tshark.kill('SIGINT');
      await ended;
      await st.close();
    }
    const out: string[] = [];
    const err: string[] = [];
    assert.equal(runImport({ files: [live], out: join(dir, 'live') }, (t) => out.push(t), (t) => err.push(t)), 0, err.join(''));
    assert.equal(runImport({ files: [first], out: join(dir, 'own') }, () => {}, () => {}), 0);
    const strip = (f: string) => JSON.parse(readFileSync(f, 'utf8')).operations.map((o: Record<string, unknown>) => ({ ...o, description: undefined }));
    assert.deepEqual(strip(out.at(-1)!.trim()), strip(join(dir, 'own-1.json')));
  });
});

