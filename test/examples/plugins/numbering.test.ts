// The example site plugin of docs/plugin-authoring.md, loaded from its path like a site would load it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startTestService, runToCompletion, call } from '../../helpers/service.js';
import { luhnDigit } from '../../../examples/plugins/numbering/luhn.js';

const modulePath = fileURLToPath(new URL('../../../examples/plugins/numbering/index.ts', import.meta.url));

test('luhn check digit', () => {
  assert.equal(luhnDigit('49015420323751'), 8); // IMEI 490154203237518
  assert.equal(luhnDigit('7992739871'), 3);
});

test('the numbering plugin loads from a path and allocates numbers per instance', async () => {
  const svc = await startTestService([{ name: 'logic' }, { module: modulePath, options: { ranges: { prepaid: { first: '0211000000', last: '0211000009' } } } }]);
  try {
    const rec = await runToCompletion(svc.port, {
      run_id: 'numbering-1',
      distribution: { type: 'load', total: 12, backlog: 1 },
      operations: [
        { type: 'numbering.local.Allocate', arguments: { range: 'prepaid', var: 'msisdn' }, tests: [{ kpath: 'value', type: 'regex', pattern: '^02110000\\d\\d$' }] },
        { type: 'set', arguments: { globals: { last: '{ $v.msisdn }', imei: '{ numbering_luhn("49015420323751") }' } } },
      ],
    });
    assert.equal(rec.counts.passed, 12);
    assert.equal(rec.globals.imei, '490154203237518');
    // 12 allocations from a range of 10 wrapped around: the last one is the second number.
    assert.equal(rec.first_call.vars.msisdn, '0211000000');
    const bad = await call(svc.port, 'ExecuteTest', { run_id: 'numbering-2', operations: [{ type: 'numbering.local.Allocate', arguments: { range: 'postpaid', var: 'x' } }] });
    assert.equal(bad.error?.code, 2002);
    assert.match(bad.error!.message, /operations\[0\]\.arguments\.range: unknown range 'postpaid'/);
  } finally {
    await svc.close();
  }
});
