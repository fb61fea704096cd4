// End-to-end through the real service (ExecuteTest/QueryTest over TCP) with the plugin's client-mode peer talking
// to a scripted OCS built on our own server-mode peer. The freeDiameter suite (freediameter.test.ts) is the
// independent check of the encoding; this one covers client mode, Sh, the site dictionary, Register, timeouts and
// gateway selection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, runToCompletion, startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { DiameterPeer, type InboundRequest } from '../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../plugins/diameter/dictionary/dictionary.js';
import { decodeParsed, type Decoded } from '../../../plugins/diameter/runtime/decoded.js';
import { encodeItems } from '../../../plugins/diameter/codec/view.js';
import { decodeMessage, findAvp } from '../../../plugins/diameter/codec/message.js';
import { A, str, u32 } from '../../../plugins/diameter/peer/avps.js';

const dict = new Dictionary(undefined, [{ avps: [{ name: 'Acme-Note', code: 1, vendor: 99999, type: 'UTF8String' }] }]);

/** A scripted OCS/HSS: answers CCR (echo + granted units), UDR (User-Data); ignores sessions ending in ';silent'. */
function scriptedOcs() {
  const ocs = new DiameterPeer(peerConfig({ name: 'SIM', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'ocs.test', origin_realm: 'test', applications: ['credit-control', 'sh'] }), dict);
  const seen: Decoded[] = [];
  ocs.setDefaultHandler((r: InboundRequest) => {
    const d = decodeParsed(dict, r.message);
    seen.push(d);
    if (r.sessionId.endsWith(';silent')) return;
    const o = d.object;
    const unknownUser = JSON.stringify(o['User-Identity'] ?? '').includes('unknown');
    const items: object[] = [{ name: 'Session-Id', value: r.sessionId },
      unknownUser ? { name: 'Experimental-Result', value: { 'Vendor-Id': 10415, 'Experimental-Result-Code': 'DIAMETER_ERROR_USER_UNKNOWN' } } : { name: 'Result-Code', value: 2001 },
      { name: 'Origin-Host', value: 'ocs.test' }, { name: 'Origin-Realm', value: 'test' }];
    if (d.name === 'Credit-Control-Request') {
      items.push({ name: 'Auth-Application-Id', value: 4 }, { name: 'CC-Request-Type', value: o['CC-Request-Type'] }, { name: 'CC-Request-Number', value: o['CC-Request-Number'] });
      if (o['Multiple-Services-Credit-Control']) {
        items.push({ name: 'Multiple-Services-Credit-Control', value: { 'Granted-Service-Unit': { 'CC-Time': 300 }, 'Rating-Group': 7, 'Validity-Time': 600 } });
      }
      if (o['Acme-Note']) items.push({ name: 'Acme-Note', value: `echo ${o['Acme-Note']}` });
    } else if (d.name === 'User-Data-Request' && !unknownUser) {
      items.push({ name: 'User-Data', value: '<Sh-Data><RepositoryData/></Sh-Data>' });
    }
    ocs.sendAnswer(ocs.buildAnswer(r.message, encodeItems(dict, items as never, 'answer')));
  });
  return { ocs, seen };
}

describe('diameter plugin through the service (client mode)', () => {
  const { ocs, seen } = scriptedOcs();
  let svc: RunningService;

  before(async () => {
    await ocs.start();
    svc = await startTestService([
      { name: 'logic' },
      { name: 'diameter', options: {
        instances: [
          { name: 'OCS1', host: '127.0.0.1', port: ocs.config.port, origin_host: 'tester.test', origin_realm: 'test', applications: ['credit-control', 'sh'], reconnect_min_ms: 50 },
          { name: 'NOWHERE', host: '127.0.0.1', port: 1, origin_host: 'tester.test', origin_realm: 'test', connect_timeout_ms: 200, reconnect_min_ms: 60000 },
        ],
        default: 'OCS1',
        dictionary: { avps: [{ name: 'Acme-Note', code: 1, vendor: 99999, type: 'UTF8String' }] },
      } },
    ]);
  });
  after(async () => {
    await svc?.close();
    await ocs.stop();
  });

  test('CCR-I and CCR-T with MSCC; the answer is the result, $i.CCA carries the session', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'cm-1', trace_level: 2, vars: { msisdn: '447700900123' },
      operations: [
        { type: 'diameter.Request', arguments: { name: 'CCR', avps: [
          { name: 'Session-Id_auto' }, { name: 'Service-Context-Id', value: '32251@3gpp.org' },
          { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }, { name: 'CC-Request-Number', value: 0 },
          { name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'END_USER_E164' }, { name: 'Subscription-Id-Data', value: '{ $v.msisdn }' }] },
          { name: 'Multiple-Services-Credit-Control', value: [{ name: 'Requested-Service-Unit', value: [] }, { name: 'Rating-Group', value: 7 }] },
          { name: 'Acme-Note', value: 'hi' },
        ], answer: { 'Multiple-Services-Credit-Control.Granted-Service-Unit.CC-Time': 300, 'Acme-Note': 'echo hi' } },
          tests: [{ kpath: 'Multiple-Services-Credit-Control.Validity-Time', type: 'integer', value: 600 }, { kpath: 'command', type: 'string', value: 'CCA' }] },
        { type: 'diameter.to_server.Request', arguments: { name: 'Credit-Control-Request', avps: [
          { name: 'Session-Id', value: "{ $i.CCA['Session-Id'] }" }, { name: 'Service-Context-Id', value: '32251@3gpp.org' },
          { name: 'CC-Request-Type', value: 3 }, { name: 'CC-Request-Number', value: "{ $i['Credit-Control-Answer']['CC-Request-Number'] + 1 }" },
        ] } },
      ],
    });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_call.check_log, null, 1));
    const [i, t] = seen.slice(-2);
    assert.equal(i!.object['Session-Id'], t!.object['Session-Id']);
    assert.match(String(i!.object['Session-Id']), /^tester\.test;\d+;\d+$/);
    assert.equal(t!.object['CC-Request-Number'], 1);
    // the node's own AVPs were added: Origin-Host/Realm, Destination-Realm (the peer's), Auth-Application-Id
    assert.deepEqual([i!.object['Origin-Host'], i!.object['Origin-Realm'], i!.object['Destination-Realm'], i!.object['Auth-Application-Id']], ['tester.test', 'test', 'test', 4]);
    assert.equal(i!.view[0]!.name, 'Session-Id', 'Session-Id first');
    assert.equal((i!.object['Subscription-Id'] as any)['Subscription-Id-Data'], '447700900123');
    const sent = r.first_call.messages[0];
    assert.equal(sent.protocol, 'diameter');
    assert.equal(sent.fields.flags, 'RP');
    assert.equal(sent.fields.avps.find((a: any) => a.name === 'CC-Request-Type').enum, 'INITIAL_REQUEST');
  });

  test('Sh User-Data-Request: vendor-specific application AVPs are added; the answer carries User-Data', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'cm-sh', operations: [{ type: 'diameter.Request', arguments: { name: 'UDR', avps: [
        { name: 'Session-Id_auto' },
        { name: 'User-Identity', value: { 'Public-Identity': 'sip:alice@example.com' } },
        { name: 'Data-Reference', value: 'RepositoryData' }, { name: 'Service-Indication', value: 'tester' },
      ], answer: { 'User-Data': '<Sh-Data><RepositoryData/></Sh-Data>' } } }],
    });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails));
    const udr = seen.at(-1)!;
    assert.equal(udr.parsed.header.applicationId, 16777217);
    assert.deepEqual(udr.object['Vendor-Specific-Application-Id'], { 'Vendor-Id': 10415, 'Auth-Application-Id': 16777217 });
    assert.equal(udr.object['Auth-Session-State'], 1);
    assert.equal(udr.object['Data-Reference'], 0);
  });

  test('Sh: an Experimental-Result-Code is checked and named from its own table', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'cm-sh-unknown', trace_level: 1, operations: [{ type: 'diameter.Request', arguments: { name: 'UDR', avps: [
        { name: 'Session-Id_auto' }, { name: 'User-Identity', value: { 'Public-Identity': 'sip:unknown@example.com' } }, { name: 'Data-Reference', value: 0 },
      ] }, tests: [{ kpath: 'result_code_name', type: 'string', value: 'DIAMETER_ERROR_USER_UNKNOWN' }] }],
    });
    assert.equal(r.counts.failed, 1);
    assert.deepEqual(r.first_call.check_log.filter((c: any) => c.status === 'fail').map((c: any) => c.text),
      ['User-Data-Answer: Experimental-Result-Code 5001 DIAMETER_ERROR_USER_UNKNOWN (expected 2xxx)']);
    assert.ok(r.first_call.trace_log.some((t: any) => /^diameter: UDR to OCS1 127\.0\.0\.1:\d+ \(hop-by-hop 0x[0-9a-f]{8}, \d+ bytes\) -> UDA Experimental-Result-Code 5001 DIAMETER_ERROR_USER_UNKNOWN in [\d.]+ ms$/.test(t.msg)), JSON.stringify(r.first_call.trace_log));
  });

  test('STR (a base session command) gets the peer\'s application and Auth-Application-Id', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'cm-str', operations: [{ type: 'diameter.Request', arguments: { name: 'STR', avps: [
      { name: 'Session-Id_auto' }, { name: 'Termination-Cause', value: 'DIAMETER_LOGOUT' },
    ] } }] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails));
    const str = seen.at(-1)!;
    assert.equal(str.name, 'Session-Termination-Request');
    assert.equal(str.parsed.header.applicationId, 4);
    assert.equal(str.object['Auth-Application-Id'], 4);
    assert.equal(str.object['Termination-Cause'], 1);
  });

  test('no answer in time aborts the instance with the reason; the next instance is fine', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'cm-timeout', trace_level: 1,
      operations: [{ type: 'diameter.Request', arguments: { name: 'CCR', seconds: 0.2, avps: [{ name: 'Session-Id_auto', value: 'silent' }, { name: 'CC-Request-Type', value: 1 }, { name: 'CC-Request-Number', value: 0 }] } }],
    });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /^Credit-Control-Request: no answer to Credit-Control-Request from 127\.0\.0\.1:\d+ within 200 ms/);
  });

  test('a server-initiated request for a registered session; an unexpected one aborts and is answered 5012', async () => {
    const exec = await call(svc.port, 'ExecuteTest', { run_id: 'cm-asr', trace_level: 1, operations: [
      { type: 'diameter.from_server.Register', arguments: { session_id: 'ext.test;1;42' } },
      { type: 'diameter.from_server.Request', arguments: { name: 'ASR', seconds: 5, avps: { 'Origin-Host': 'ocs.test' }, answer_avps: [{ name: 'Error-Message', value: 'bye' }] } },
      { type: 'diameter.from_server.Request', arguments: { name: 'RAR', seconds: 5 } },
    ] });
    assert.equal(exec.result, 'ok');
    const send = async (code: number) => {
      for (let i = 0; i < 200; i++) {
        const a = decodeMessage(await ocs.request(ocs.buildRequest(code, 4, [str(A.SessionId, 'ext.test;1;42'), ...ocs.originAvps(), str(A.DestinationRealm, 'test'), u32(A.AuthApplicationId, 4)], 0xc0), 2000, 'request'));
        const rc = findAvp(a.avps, A.ResultCode)!.data.readUInt32BE(0);
        if (rc !== 5002) return a;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the session was never registered');
    };
    const asa = await send(274);
    assert.equal(findAvp(asa.avps, A.ResultCode)!.data.readUInt32BE(0), 2001);
    assert.equal(findAvp(asa.avps, A.ErrorMessage)!.data.toString(), 'bye');
    const unexpected = await send(274);
    assert.equal(findAvp(unexpected.avps, A.ResultCode)!.data.readUInt32BE(0), 5012);
    const r = await runToCompletion(svc.port, { run_id: 'cm-asr2', operations: [{ type: 'comment', arguments: { text: 'x' } }] });
    assert.equal(r.counts.finished, 1);
    const q = (await call(svc.port, 'QueryTest', { run_id: 'cm-asr' })).result;
    assert.equal(q.counts.aborted, 1);
    assert.match(q.first_aborts[0].text, /^expected Re-Auth-Request from OCS1 127\.0\.0\.1:\d+, received Abort-Session-Request for session ext\.test;1;42$/);
    assert.equal(q.first_call.check_log.filter((c: any) => c.status === 'pass' && c.text === 'Abort-Session-Request.Origin-Host: is "ocs.test"').length, 1);
  });

  test('gateway selection: the diameter param picks the instance; a down instance is refused 2003 by name; an unknown one 2002', async () => {
    const op = { type: 'diameter.Request', arguments: { name: 'CCR' } };
    const down = await call(svc.port, 'ExecuteTest', { run_id: 'cm-down', diameter: 'NOWHERE', operations: [op] });
    assert.equal(down.error?.code, 2003);
    assert.match(down.error!.message, /NOWHERE/);
    const unknown = await call(svc.port, 'ExecuteTest', { run_id: 'cm-unknown', diameter: 'MISSING', operations: [op] });
    assert.equal(unknown.error?.code, 2002);
    assert.match(unknown.error!.message, /MISSING/);
    const bad = await call(svc.port, 'ExecuteTest', { run_id: 'cm-bad', operations: [{ type: 'diameter.Request', arguments: { name: 'CCR', avps: [{ name: 'Nope', value: 1 }] } }] });
    assert.equal(bad.error?.code, 2002);
    assert.match(bad.error!.message, /operations\[0\]\.arguments\.avps\[0\]\.name: unknown AVP 'Nope'/);
  });

  test('diameter_session_id() makes Session-Ids in expressions; bad values at run time abort with the path', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'cm-fn', vars: { sid: '{ diameter_session_id() }', type: 'LATER' },
      operations: [
        { type: 'diameter.Request', arguments: { name: 'CCR', avps: [{ name: 'Session-Id', value: '{ $v.sid }' }, { name: 'CC-Request-Type', value: 1 }, { name: 'CC-Request-Number', value: 0 }], answer: { 'Session-Id': '{ $v.sid }' } } },
        { type: 'diameter.Request', arguments: { name: 'CCR', avps: [{ name: 'Session-Id', value: '{ $v.sid }' }, { name: 'CC-Request-Type', value: '{ $v.type }' }] } },
      ],
    });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /cannot encode the request: arguments\.avps\[1\]\.value: 'LATER' is not a value of CC-Request-Type/);
    assert.match(seen.at(-1)!.object['Session-Id'] as string, /^tester\.test;\d+;\d+$/);
  });
});
