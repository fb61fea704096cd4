// Interop with a real peer: freeDiameterd 1.2 (Debian) with our answering extension connects to the service's
// server-mode Diameter peer; definitions run through the real service (ExecuteTest/QueryTest over TCP).
// Covers CCR-I/U/T, MSCC, a 5005 answer to a request missing a mandatory AVP, a server-initiated RAR,
// watchdog and disconnect, captures decoded by tshark, load, and the peer going away mid-run and coming back.
import { after, before, describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePcap, type GatewayInstance } from '../../../sdk/index.js';
import { call, runToCompletion, startTestService } from '../../helpers/service.js';
import { hasTool, needsTool, tsharkRead } from '../../helpers/tools.js';
import type { RunningService } from '../../../core/service.js';
import { startFreeDiameter, type FreeDiameter } from '../../../bench/freediameter/peer.js';

const skip = needsTool('freeDiameterd', 'apt-get install freediameter libfreediameter-dev gcc');
const skipTshark = hasTool('freeDiameterd') ? needsTool('tshark', 'apt-get install tshark') : skip;

async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}


const ccr = (type: string, number: number, extra: object[] = [], sid: string | object = { name: 'Session-Id_auto' }) => ({
  type: 'diameter.to_server.Request',
  arguments: {
    name: 'CCR',
    avps: [
      typeof sid === 'string' ? { name: 'Session-Id', value: sid } : sid,
      { name: 'Service-Context-Id', value: '32260@3gpp.org' },
      { name: 'CC-Request-Type', value: type },
      { name: 'CC-Request-Number', value: number },
      { name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'END_USER_E164' }, { name: 'Subscription-Id-Data', value: '31612345678' }] },
      ...extra,
    ],
  },
});

describe('diameter against freeDiameter', skip, () => {
  let svc: RunningService;
  let fd: FreeDiameter;
  let gw: GatewayInstance & { config: { port: number }; describe(): unknown };
  const dir = mkdtempSync(join(tmpdir(), 'diameter-it-'));
  const capture = join(dir, 'peer.pcap');

  before(async () => {
    svc = await startTestService([
      { name: 'logic' },
      { name: 'diameter', options: { instances: [{
        name: 'OCS', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'tester.localdomain', origin_realm: 'localdomain',
        watchdog_ms: 1000, capture_file: capture,
      }] } },
    ]);
    gw = svc.registry.gateways.get('diameter')!.byName.get('OCS') as typeof gw;
    fd = startFreeDiameter({ connectTo: { host: '127.0.0.1', port: gw.config.port }, peerIdentity: 'tester.localdomain' });
    await waitFor('freeDiameter to connect (CER/CEA)', () => gw.state() === 'up');
  });

  after(async () => {
    await fd?.stop();
    await svc?.close();
    fd?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the capabilities exchange names the peer and its application', () => {
    const d = gw.describe() as Record<string, unknown>;
    assert.equal(d.state, 'open');
    assert.equal(d.peer_origin_host, 'ocs.localdomain');
    assert.ok((d.peer_applications as number[]).includes(4), JSON.stringify(d));
  });

  let session: any;
  test('a credit-control session: CCR Initial, Update and Terminate answered 2001, Session-Id carried by expressions', async () => {
    const sid = "{ $i.CCA['Session-Id'] }";
    session = await runToCompletion(svc.port, {
      run_id: 'fd-ccr-iut',
      trace_level: 2,
      operations: [
        { ...ccr('INITIAL_REQUEST', 0, [{ name: 'Requested-Service-Unit', value: [{ name: 'CC-Time', value: 60 }] }]),
          tests: [{ kpath: 'Granted-Service-Unit.CC-Time', type: 'integer', value: 60 }, { kpath: 'result_code_name', type: 'string', value: 'DIAMETER_SUCCESS' }] },
        { type: 'set', arguments: { vars: { sid } } },
        { type: 'diameter.Request', arguments: {
          ...ccr('UPDATE_REQUEST', 1, [{ name: 'Used-Service-Unit', value: [{ name: 'CC-Time', value: 60 }] }], sid).arguments,
          answer: { 'Session-Id': '{ $v.sid }', 'CC-Request-Type': 'UPDATE_REQUEST', 'CC-Request-Number': 1 } } },
        { ...ccr('TERMINATION_REQUEST', 2, [{ name: 'Used-Service-Unit', value: { 'CC-Time': 30 } }], sid),
          tests: [{ kpath: 'CC-Request-Type', type: 'integer', value: 3 }] },
      ],
    });
    const fc = session.first_call;
    assert.deepEqual(session.counts.failed + session.counts.aborted, 0, JSON.stringify(fc.check_log));
    assert.equal(session.counts.finished, 1);
    const texts = fc.check_log.map((c: any) => `${c.status} ${c.text}`);
    assert.equal(texts.filter((t: string) => /^pass Credit-Control-Answer: Result-Code 2001 DIAMETER_SUCCESS$/.test(t)).length, 3, texts.join('\n'));
    assert.ok(texts.includes('pass Credit-Control-Answer.CC-Request-Number: is 1'), texts.join('\n'));
    assert.ok(texts.some((t: string) => /^pass Credit-Control-Answer\.Session-Id: is "tester\.localdomain;\d+;\d+"$/.test(t)), texts.join('\n'));
    assert.equal(fc.messages.length, 6);
    assert.deepEqual(fc.messages.map((m: any) => `${m.direction} ${m.name}`), [
      'sent Credit-Control-Request', 'received Credit-Control-Answer', 'sent Credit-Control-Request',
      'received Credit-Control-Answer', 'sent Credit-Control-Request', 'received Credit-Control-Answer',
    ]);
    for (const m of fc.messages) {
      assert.equal(m.dissector, 'diameter');
      assert.match(m.hex, /^01[0-9a-f]{6}/);
    }
    const sids = new Set(fc.messages.map((m: any) => m.fields.avps.find((a: any) => a.name === 'Session-Id').value));
    assert.equal(sids.size, 1, 'one Session-Id across the session');
  });

  test('the trace messages are Diameter to tshark, with no expert items', skipTshark, async () => {
    const file = join(dir, 'session.pcap');
    writePcap(file, session.first_call.messages.map((m: any) => ({ dissector: 'diameter', bytes: Buffer.from(m.hex, 'hex') })));
    const out = await tsharkRead(file, ['-T', 'fields', '-E', 'separator=|', '-e', 'diameter.cmd.code', '-e', 'diameter.flags.request',
      '-e', 'diameter.CC-Request-Type', '-e', 'diameter.CC-Request-Number', '-e', 'diameter.Result-Code', '-e', 'diameter.Subscription-Id-Data']);
    assert.deepEqual(out.trim().split('\n'), [
      '272|1|1|0||31612345678', '272|0|1|0|2001|', '272|1|2|1||31612345678', '272|0|2|1|2001|', '272|1|3|2||31612345678', '272|0|3|2|2001|',
    ]);
    assert.equal((await tsharkRead(file, ['-Y', '_ws.expert || _ws.malformed'])).trim(), '');
  });

  test('a request missing a mandatory AVP gets 5005: a failed check showing the Failed-AVP, not a crash', async () => {
    const op = ccr('INITIAL_REQUEST', 0);
    op.arguments.avps = op.arguments.avps.filter((a: any) => a.name !== 'CC-Request-Number');
    const r = await runToCompletion(svc.port, { run_id: 'fd-5005', trace_level: 1, operations: [op, { type: 'comment', arguments: { text: 'still running' } }] });
    assert.equal(r.counts.failed, 1);
    assert.equal(r.counts.aborted, 0);
    const fail = r.first_call.check_log.find((c: any) => c.status === 'fail');
    assert.match(fail.text, /^Credit-Control-Answer: Result-Code 5005 DIAMETER_MISSING_AVP \(expected 2xxx\); Failed-AVP: CC-Request-Number \(415\)/);
    assert.equal(r.first_fails[0].text, fail.text);
  });

  test('an expected error answer is matched argument by argument', async () => {
    const op: any = ccr('INITIAL_REQUEST', 0);
    op.arguments.avps = op.arguments.avps.filter((a: any) => a.name !== 'CC-Request-Number');
    op.arguments.answer = { 'Result-Code': 'DIAMETER_MISSING_AVP', 'Failed-AVP.CC-Request-Number': 0, '!Failed-AVP': null };
    const r = await runToCompletion(svc.port, { run_id: 'fd-5005-expected', operations: [op] });
    assert.equal(r.counts.failed, 0, JSON.stringify(r.first_fails));
    assert.equal(r.counts.aborted, 0);
  });

  test('Multiple-Services-Credit-Control: granted units per rating group', async () => {
    const op: any = ccr('INITIAL_REQUEST', 0, [
      { name: 'Multiple-Services-Indicator', value: 'MULTIPLE_SERVICES_SUPPORTED' },
      { name: 'Multiple-Services-Credit-Control', value: [
        { name: 'Requested-Service-Unit', value: [{ name: 'CC-Time', value: 120 }] },
        { name: 'Rating-Group', value: 10 },
      ] },
    ]);
    op.arguments.answer = {
      'Multiple-Services-Credit-Control': { 'Granted-Service-Unit': { 'CC-Time': 60 }, 'Rating-Group': 10, 'Result-Code': 2001 },
      'Granted-Service-Unit': null,
    };
    const r = await runToCompletion(svc.port, { run_id: 'fd-mscc', trace_level: 1, operations: [op] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_call.check_log));
    assert.ok(r.first_call.check_log.some((c: any) => c.text === 'Credit-Control-Answer.Multiple-Services-Credit-Control.Rating-Group: is 10'));
  });

  test('a server-initiated Re-Auth-Request for the instance\'s session is expected and answered', async () => {
    const op: any = ccr('INITIAL_REQUEST', 0);
    op.arguments.avps[1].value = 'rar@tester';
    const r = await runToCompletion(svc.port, {
      run_id: 'fd-rar', trace_level: 2,
      operations: [
        op,
        { type: 'diameter.from_server.Request', arguments: { name: 'RAR', seconds: 5, avps: { 'Re-Auth-Request-Type': 'AUTHORIZE_ONLY', 'Auth-Application-Id': 4, 'Session-Id': "{ $i.CCA['Session-Id'] }" } } },
        { type: 'assert', arguments: { expression: "$i.RAR['Origin-Host'] == 'ocs.localdomain'" } },
      ],
    });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_call.check_log));
    assert.deepEqual(r.first_call.messages.map((m: any) => `${m.direction} ${m.name}`), [
      'sent Credit-Control-Request', 'received Credit-Control-Answer', 'received Re-Auth-Request', 'sent Re-Auth-Answer',
    ]);
    const raa = r.first_call.messages[3];
    assert.ok(raa.fields.avps.some((a: any) => a.name === 'Result-Code' && a.value === 2001));
  });

  const malformedSessions = new Set<string>();
  test('malformed AVPs are refused by the peer and reported as failed checks', async () => {
    const badLength: any = ccr('INITIAL_REQUEST', 0);
    badLength.arguments.avps[3] = { name: 'CC-Request-Number', hex: '0001' };
    const unknownMandatory: any = ccr('INITIAL_REQUEST', 0, [{ code: 9999, vendor: 99, type: 'Unsigned32', value: 1, flags: 'VM' }]);
    const r = await runToCompletion(svc.port, { run_id: 'fd-malformed', trace_level: 1, operations: [badLength, unknownMandatory] });
    assert.equal(r.counts.aborted, 0);
    assert.equal(r.counts.failed, 1);
    const fails = r.first_call.check_log.filter((c: any) => c.status === 'fail').map((c: any) => c.text);
    assert.equal(fails.length, 2, fails.join('\n'));
    for (const m of r.first_call.messages) malformedSessions.add(m.fields.avps.find((a: any) => a.name === 'Session-Id').value);
    assert.match(fails[0], /^Credit-Control-Answer: Result-Code 5014 DIAMETER_INVALID_AVP_LENGTH \(expected 2xxx\).*Failed-AVP: CC-Request-Number \(415\)/);
    assert.match(fails[1], /^Credit-Control-Answer: Result-Code 5001 DIAMETER_AVP_UNSUPPORTED \(expected 2xxx\).*Failed-AVP: AVP-9999-V99 \(9999, vendor 99\)/);
  });

  for (const example of ['ccr-session', 'missing-avp', 'reauth']) {
    test(`examples/diameter/${example}.json passes`, async () => {
      const params = JSON.parse(readFileSync(new URL(`../../../examples/diameter/${example}.json`, import.meta.url), 'utf8'));
      const r = await runToCompletion(svc.port, { ...params, run_id: `fd-example-${example}` });
      assert.equal(r.counts.finished, 1);
      assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails.concat(r.first_aborts)));
    });
  }

  test('load: 200 credit-control sessions (I and T), 20 at a time', async () => {
    const t0 = Date.now();
    const r = await runToCompletion(svc.port, {
      run_id: 'fd-load',
      distribution: { type: 'load', total: 200, backlog: 20 },
      operations: [ccr('INITIAL_REQUEST', 0), ccr('TERMINATION_REQUEST', 1, [], "{ $i.CCA['Session-Id'] }")],
    }, { timeoutMs: 60000 });
    assert.equal(r.counts.finished, 200);
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails.concat(r.first_aborts)));
    process.stderr.write(`# diameter load: 200 sessions (400 CCR/CCA) against freeDiameter in ${Date.now() - t0} ms\n`);
  });

  test('the peer goes away mid-run: instances abort with a reason, runs are refused 2003, the peer comes back', async () => {
    const exec = await call(svc.port, 'ExecuteTest', {
      run_id: 'fd-away',
      distribution: { type: 'load', total: 100000, backlog: 4 },
      operations: [ccr('INITIAL_REQUEST', 0), { type: 'wait', arguments: { seconds: 0.02 } }, ccr('TERMINATION_REQUEST', 1, [], "{ $i.CCA['Session-Id'] }")],
    });
    assert.equal(exec.result, 'ok', JSON.stringify(exec.error));
    await new Promise((r) => setTimeout(r, 300));
    await fd.stop();
    await waitFor('the gateway to notice', () => gw.state() !== 'up');
    // the run ends: every instance after the loss aborts with a readable reason
    let q: any;
    await waitFor('the run to abort its instances', async () => {
      q = (await call(svc.port, 'QueryTest', { run_id: 'fd-away' })).result;
      return q.counts.aborted > 0;
    });
    assert.match(q.first_aborts[0].text, /Credit-Control-Request: (connection to 127\.0\.0\.1:\d+ lost while waiting for the answer|cannot send Credit-Control-Request: Diameter peer OCS .* is not connected)/);
    await call(svc.port, 'CancelTest', { run_id: 'fd-away' });
    // a new run is refused while the peer is away, naming the instance
    const refused = await call(svc.port, 'ExecuteTest', { run_id: 'fd-refused', operations: [ccr('INITIAL_REQUEST', 0)] });
    assert.equal(refused.error?.code, 2003);
    assert.match(refused.error!.message, /OCS/);
    // the peer comes back (freeDiameter reconnects to our listener) and runs pass again
    fd.restart();
    await waitFor('freeDiameter to come back', () => gw.state() === 'up', 30000);
    const r = await runToCompletion(svc.port, { run_id: 'fd-back', operations: [ccr('EVENT_REQUEST', 0, [{ name: 'Requested-Action', value: 'DIRECT_DEBITING' }])] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails.concat(r.first_aborts)));
  });

  test('watchdog and disconnect: the peer capture holds CER/CEA, DWR/DWA, CCR/CCA and DPR/DPA, all clean for tshark', skipTshark, async () => {
    // let the 1 s watchdog fire at least once on an idle connection
    const start = Date.now();
    await waitFor('an idle watchdog round', () => Date.now() - start > 2500, 5000);
    await svc.close(); // sends DPR, waits for DPA
    svc = undefined as unknown as RunningService;
    const out = await tsharkRead(capture, ['-T', 'fields', '-E', 'separator=|', '-e', 'diameter.cmd.code', '-e', 'diameter.flags.request', '-e', 'diameter.Result-Code']);
    const lines = out.trim().split('\n');
    for (const want of ['257|1|', '257|0|2001', '280|1|', '280|0|2001', '272|1|', '272|0|2001', '258|1|', '258|0|2001', '282|1|', '282|0|2001']) {
      assert.ok(lines.includes(want), `${want} not in capture:\n${[...new Set(lines)].join('\n')}`);
    }
    // only the deliberately malformed requests of the test above (and the answers quoting them) may carry expert items
    const expert = (await tsharkRead(capture, ['-Y', '_ws.expert || _ws.malformed', '-T', 'fields', '-e', 'diameter.Session-Id'])).trim().split('\n').filter(Boolean);
    assert.ok(malformedSessions.size === 2, 'the malformed test ran');
    for (const sid of expert) assert.ok(malformedSessions.has(sid), `expert item on a frame of session ${sid}`);
  });
});
