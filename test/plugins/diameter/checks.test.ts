// Check texts and result checks through the service (issue 11 items 7 and 9): enumerated values are shown by the
// dictionary's name with the number in every mismatch (top level, nested Grouped, from_server requests, negated,
// whole Grouped values), and the Result-Code inside each Multiple-Services-Credit-Control is checked (2xxx by
// default; mscc_result_code names another, false switches it off).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, runToCompletion, startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { DiameterPeer, type InboundRequest } from '../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../plugins/diameter/dictionary/dictionary.js';
import { decodeParsed } from '../../../plugins/diameter/runtime/decoded.js';
import { encodeItems } from '../../../plugins/diameter/codec/view.js';
import { decodeMessage, findAvp } from '../../../plugins/diameter/codec/message.js';
import { A, str, u32 } from '../../../plugins/diameter/peer/avps.js';

const dict = new Dictionary();

/** A scripted OCS: answers CCR with 2001, CC-Request-Type INITIAL_REQUEST and the MSCC items `mscc` holds. */
function scriptedOcs() {
  const ocs = new DiameterPeer(peerConfig({ name: 'SIM', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'ocs.test', origin_realm: 'test' }), dict);
  const state: { mscc: object[] } = { mscc: [] };
  ocs.setDefaultHandler((r: InboundRequest) => {
    const o = decodeParsed(dict, r.message).object;
    const items: object[] = [{ name: 'Session-Id', value: r.sessionId }, { name: 'Result-Code', value: 2001 },
      { name: 'Origin-Host', value: 'ocs.test' }, { name: 'Origin-Realm', value: 'test' }, { name: 'Auth-Application-Id', value: 4 },
      { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }, { name: 'CC-Request-Number', value: o['CC-Request-Number'] ?? 0 },
      ...state.mscc.map((value) => ({ name: 'Multiple-Services-Credit-Control', value }))];
    ocs.sendAnswer(ocs.buildAnswer(r.message, encodeItems(dict, items as never, 'answer')));
  });
  return { ocs, state };
}

const ccr = (extra: Record<string, unknown> = {}) => ({ type: 'diameter.Request', arguments: { name: 'CCR', avps: [
  { name: 'Session-Id_auto' }, { name: 'Service-Context-Id', value: '32251@3gpp.org' },
  { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }, { name: 'CC-Request-Number', value: 0 },
], ...extra } });
const fails = (r: any): string[] => r.first_call.check_log.filter((c: any) => c.status === 'fail').map((c: any) => c.text);
const passes = (r: any): string[] => r.first_call.check_log.filter((c: any) => c.status === 'pass').map((c: any) => c.text);

describe('diameter check texts and MSCC result codes', () => {
  const { ocs, state } = scriptedOcs();
  let svc: RunningService;
  before(async () => {
    await ocs.start();
    svc = await startTestService([{ name: 'diameter', options: { instances: [
      { name: 'OCS', host: '127.0.0.1', port: ocs.config.port, origin_host: 'tester.test', origin_realm: 'test', applications: ['credit-control'], reconnect_min_ms: 50 },
    ] } }]);
  });
  after(async () => {
    await svc?.close();
    await ocs.stop();
  });

  test('enumerated mismatches show the name and the number, at every depth', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Granted-Service-Unit': { 'CC-Time': 60 }, 'Final-Unit-Indication': { 'Final-Unit-Action': 'TERMINATE' } }];
    const r = await runToCompletion(svc.port, { run_id: 'enum-1', operations: [ccr({ answer: {
      'CC-Request-Type': 'UPDATE_REQUEST',
      '!Result-Code': 'DIAMETER_SUCCESS',
      'Multiple-Services-Credit-Control': { 'Final-Unit-Indication': { 'Final-Unit-Action': 'REDIRECT' } },
      'Multiple-Services-Credit-Control.Rating-Group': 8,
    } })] });
    assert.deepEqual(fails(r), [
      'Credit-Control-Answer.CC-Request-Type: expected UPDATE_REQUEST (2), got INITIAL_REQUEST (1)',
      'Credit-Control-Answer.Result-Code: expected anything but DIAMETER_SUCCESS (2001)',
      'Credit-Control-Answer.Multiple-Services-Credit-Control.Final-Unit-Indication.Final-Unit-Action: expected REDIRECT (1), got TERMINATE (0)',
      'Credit-Control-Answer.Multiple-Services-Credit-Control.Rating-Group: expected 8, got 7',
    ]);
  });

  test('passes name the value too; a whole Grouped value shows its enumerated members by name', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Final-Unit-Indication': { 'Final-Unit-Action': 'TERMINATE' } }];
    const r = await runToCompletion(svc.port, { run_id: 'enum-2', trace_level: 1, operations: [ccr({ answer: {
      'Result-Code': 2001,
      'CC-Request-Type': 1,
      'Multiple-Services-Credit-Control.Final-Unit-Indication': null,
    } })] });
    assert.ok(passes(r).includes('Credit-Control-Answer.Result-Code: is DIAMETER_SUCCESS (2001)'), JSON.stringify(passes(r)));
    assert.ok(passes(r).includes('Credit-Control-Answer.CC-Request-Type: is INITIAL_REQUEST (1)'), JSON.stringify(passes(r)));
    assert.deepEqual(fails(r), ['Credit-Control-Answer.Multiple-Services-Credit-Control.Final-Unit-Indication: expected absent, got {"Final-Unit-Action":"TERMINATE (0)"}']);
  });

  test('tests[] on the result name enumerated values too', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Final-Unit-Indication': { 'Final-Unit-Action': 'TERMINATE' } }];
    const op = { ...ccr(), tests: [
      { kpath: 'CC-Request-Type', type: 'integer', value: 2 },
      { kpath: 'Multiple-Services-Credit-Control.Final-Unit-Indication.Final-Unit-Action', type: 'integer', value: 1 },
      { kpath: 'result_code', type: 'integer', value: 4012 },
      { kpath: 'Multiple-Services-Credit-Control.Rating-Group', type: 'integer', value: 8 },
    ] };
    const r = await runToCompletion(svc.port, { run_id: 'enum-tests', operations: [op] });
    assert.deepEqual(fails(r), [
      'test CC-Request-Type: expected integer UPDATE_REQUEST (2), got INITIAL_REQUEST (1)',
      'test Multiple-Services-Credit-Control.Final-Unit-Indication.Final-Unit-Action: expected integer REDIRECT (1), got TERMINATE (0)',
      'test result_code: expected integer DIAMETER_CREDIT_LIMIT_REACHED (4012), got DIAMETER_SUCCESS (2001)',
      'test Multiple-Services-Credit-Control.Rating-Group: expected integer 8, got 7',
    ]);
  });

  test('from_server.Request: a mismatch in the received request names the value', async () => {
    const sid = 'ext.test;1;7';
    const exec = await call(svc.port, 'ExecuteTest', { run_id: 'enum-rar', trace_level: 1, operations: [
      { type: 'diameter.from_server.Register', arguments: { session_id: sid } },
      { type: 'diameter.from_server.Request', arguments: { name: 'RAR', seconds: 5, avps: { 'Re-Auth-Request-Type': 'AUTHORIZE_AUTHENTICATE' } } },
    ] });
    assert.equal(exec.result, 'ok');
    for (let i = 0; i < 200; i++) {
      const a = decodeMessage(await ocs.request(ocs.buildRequest(258, 4, [str(A.SessionId, sid), ...ocs.originAvps(), str(A.DestinationRealm, 'test'),
        u32(A.AuthApplicationId, 4), u32(285, 0)], 0xc0), 2000, 'RAR'));
      if (findAvp(a.avps, A.ResultCode)!.data.readUInt32BE(0) !== 5002) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    let q: any;
    for (let i = 0; i < 200; i++) {
      q = (await call(svc.port, 'QueryTest', { run_id: 'enum-rar' })).result;
      if (q.completed) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.deepEqual(fails(q), ['Re-Auth-Request.Re-Auth-Request-Type: expected AUTHORIZE_AUTHENTICATE (1), got AUTHORIZE_ONLY (0)']);
  });

  test('an MSCC Result-Code 4012 under a top-level 2001 fails by default, naming the MSCC and the code', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Service-Identifier': 1, 'Result-Code': 4012 }];
    const r = await runToCompletion(svc.port, { run_id: 'mscc-1', operations: [ccr()] });
    assert.equal(r.counts.failed, 1);
    assert.deepEqual(fails(r), ['Credit-Control-Answer: Multiple-Services-Credit-Control (Rating-Group 7, Service-Identifier 1): Result-Code DIAMETER_CREDIT_LIMIT_REACHED (4012) (expected 2xxx)']);
  });

  test('several MSCCs: each is checked; one without identifiers is named by its index', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Result-Code': 2001 }, { 'Result-Code': 5030 }];
    const r = await runToCompletion(svc.port, { run_id: 'mscc-2', trace_level: 1, operations: [ccr()] });
    assert.deepEqual(fails(r), ['Credit-Control-Answer: Multiple-Services-Credit-Control[1]: Result-Code DIAMETER_USER_UNKNOWN (5030) (expected 2xxx)']);
    assert.ok(passes(r).includes('Credit-Control-Answer: Multiple-Services-Credit-Control (Rating-Group 7): Result-Code DIAMETER_SUCCESS (2001)'));
  });

  test('mscc_result_code expects another code; false, check_result false or an answer key switch the check off', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Result-Code': 4012 }];
    const r = await runToCompletion(svc.port, { run_id: 'mscc-3', operations: [
      ccr({ mscc_result_code: 'DIAMETER_CREDIT_LIMIT_REACHED' }),
      ccr({ mscc_result_code: [4010, 4012] }),
      ccr({ mscc_result_code: false }),
      ccr({ check_result: false }),
      ccr({ answer: { 'Multiple-Services-Credit-Control.Result-Code': 'DIAMETER_CREDIT_LIMIT_REACHED' } }),
    ] });
    assert.equal(r.counts.passed, 1, JSON.stringify(fails(r)));
    const r2 = await runToCompletion(svc.port, { run_id: 'mscc-4', operations: [ccr({ mscc_result_code: ['DIAMETER_SUCCESS', 4010] })] });
    assert.deepEqual(fails(r2), ['Credit-Control-Answer: Multiple-Services-Credit-Control (Rating-Group 7): Result-Code DIAMETER_CREDIT_LIMIT_REACHED (4012) (expected DIAMETER_SUCCESS (2001) or DIAMETER_END_USER_SERVICE_DENIED (4010))']);
    const bad = await call(svc.port, 'ExecuteTest', { run_id: 'mscc-bad', operations: [ccr({ mscc_result_code: 'NO_SUCH_CODE' })] });
    assert.equal(bad.error?.code, 2002);
    assert.match(bad.error!.message, /operations\[0\]\.arguments\.mscc_result_code: unknown Result-Code name 'NO_SUCH_CODE'/);
  });

  test('an MSCC without a Result-Code is not checked', async () => {
    state.mscc = [{ 'Rating-Group': 7, 'Granted-Service-Unit': { 'CC-Time': 60 } }];
    const r = await runToCompletion(svc.port, { run_id: 'mscc-5', operations: [ccr()] });
    assert.equal(r.counts.passed, 1, JSON.stringify(fails(r)));
  });
});
