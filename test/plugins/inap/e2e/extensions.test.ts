// The ExecuteTest param `inap.extensions` reaches the codec on both sides: a tester playing the SSP sends an
// InitialDP with typed extensions, a second tester playing the SCP matches the decoded values; without the map the
// SCP sees hex and its check fails.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, runToCompletion, waitForRun } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import { SPEC_IDP } from '../fixtures/samples.js';
import { startTesters } from '../helpers/testers.js';

const MAP = { '400': 'OCTET STRING', '401': 'INTEGER', '402': 'IA5String' };

describe('inap.extensions: typed extension values end to end', () => {
  let scp: RunningService;
  let ssp: RunningService;
  before(async () => {
    ({ scp, ssp } = await startTesters());
  });
  after(async () => {
    await ssp.close();
    await scp.close();
  });

  const pair = async (id: string, scpInap: Record<string, unknown> | undefined, expected: unknown) => {
    const r0 = await call(scp.port, 'ExecuteTest', {
      run_id: `${id}-scp`,
      trace_level: 1,
      ...(scpInap ? { inap: scpInap } : {}),
      operations: [
        { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 88, extensions: expected } },
        { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { initialCallSegment_cause: 16, send_and_close: true } },
      ],
    });
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const ssr = await runToCompletion(ssp.port, {
      run_id: `${id}-ssp`,
      inap: { extensions: MAP },
      operations: [
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: 88, extensions: [{ type: 400, value: 'a1b2' }, { type: 401, criticality: 1, value: 9 }, { type: 402, value: 'x-1' }] } },
        { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
      ],
    }, { timeoutMs: 20_000 });
    const scr = await waitForRun(scp.port, `${id}-scp`, { timeoutMs: 20_000 });
    return { ssr, scr };
  };

  test('both sides with the map: the SCP matches the typed values', async () => {
    const { ssr, scr } = await pair('ext-typed', { extensions: MAP }, [{ type: 400, value: 'a1b2' }, { type: 401, criticality: 1, value: 9 }, { type: 402, value: 'x-1' }]);
    assert.equal(ssr.counts.passed, 1, JSON.stringify(ssr.first_aborts));
    assert.equal(scr.counts.passed, 1, JSON.stringify([scr.first_aborts, scr.first_fails]));
    const got = scr.first_call.messages.find((m: { name: string }) => m.name.endsWith('InitialDP'));
    assert.deepEqual(got.fields.extensions[1], { type: 401, criticality: 1, value: 9, value_hex: '020109' });
  });

  test('the SCP without the map sees hex: the typed expectation fails, the hex one passes', async () => {
    const r1 = await pair('ext-nomap', undefined, [{ type: 400, value: 'a1b2' }, { type: 401, value: 9 }, { type: 402, value: 'x-1' }]);
    assert.equal(r1.ssr.counts.passed, 1, JSON.stringify(r1.ssr.first_aborts));
    assert.equal(r1.scr.counts.failed, 1, JSON.stringify(r1.scr.counts));
    const r2 = await pair('ext-hex', undefined, [{ type: 400, value: '0402a1b2' }, { type: 401, value: '020109' }, { type: 402, value: '1603782d31' }]);
    assert.equal(r2.scr.counts.passed, 1, JSON.stringify([r2.scr.first_aborts, r2.scr.first_fails]));
  });
});
