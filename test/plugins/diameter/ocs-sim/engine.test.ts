import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion, startTestService } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import { startOcsSim, type OcsSim } from '../../../../plugins/diameter/ocs-sim/engine.js';

const ccr = (type: string, n: number, sid: object, extra: object[] = []) => ({
  type: 'diameter.Request',
  arguments: { name: 'CCR', avps: [sid, { name: 'Service-Context-Id', value: '32251@3gpp.org' }, { name: 'CC-Request-Type', value: type }, { name: 'CC-Request-Number', value: n }, ...extra] },
});

describe('the reference OCS (tester diameter-ocs) through the service', () => {
  let sim: OcsSim;
  let svc: RunningService;
  before(async () => {
    sim = await startOcsSim({ port: 0, rar_after_ms: 30 });
    svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: { instances: [
      { name: 'OCS', host: '127.0.0.1', port: sim.peer.config.port, origin_host: 'tester.localdomain', origin_realm: 'localdomain' },
    ] } }]);
  });
  after(async () => {
    await svc?.close();
    await sim?.stop();
  });

  test('grants per MSCC, echoing rating groups and the requested unit type; RAR after the CCR-Initial', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'sim-1', operations: [
      { ...ccr('INITIAL_REQUEST', 0, { name: 'Session-Id_auto' }, [
        { name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': 90 }, 'Rating-Group': 1 } },
        { name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Total-Octets': 5000 }, 'Rating-Group': 2 } },
      ]), tests: [
        { kpath: 'Multiple-Services-Credit-Control[0].Granted-Service-Unit.CC-Time', type: 'integer', value: 90 },
        { kpath: 'Multiple-Services-Credit-Control[1].Granted-Service-Unit.CC-Total-Octets', type: 'integer', value: 5000 },
        { kpath: 'Multiple-Services-Credit-Control[1].Rating-Group', type: 'integer', value: 2 },
      ] },
      { type: 'diameter.from_server.Request', arguments: { name: 'RAR', seconds: 5 } },
      ccr('TERMINATION_REQUEST', 1, { name: 'Session-Id', value: "{ $i.RAR['Session-Id'] }" }, [{ name: 'Used-Service-Unit', value: { 'CC-Time': 10 } }]),
    ] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails.concat(r.first_aborts)));
    assert.equal(sim.stats.rar_sent, 1);
  });

  test('a CCR missing a mandatory AVP is answered 5005 with a Failed-AVP naming it', async () => {
    const op: any = ccr('EVENT_REQUEST', 0, { name: 'Session-Id_auto' });
    op.arguments.avps.splice(3, 1);
    op.arguments.answer = { 'Result-Code': 5005, 'Failed-AVP.CC-Request-Number': 0 };
    const r = await runToCompletion(svc.port, { run_id: 'sim-5005', operations: [op] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_fails));
    assert.equal(sim.stats.answers['5005'], 1);
  });
});
