// plugins/inap/params.ts: `ssp_ac` and the `inap` param, every key declared (TypeBox), so a misspelt key or a value
// outside the schema is refused at ExecuteTest naming its path; read through inapParams().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootPlugins } from '../../../core/service.js';
import { describeError } from '../../../core/validation/ajv.js';
import { inapParams } from '../../../plugins/inap/params.js';

async function validator() {
  const dataDir = mkdtempSync(join(tmpdir(), 'inap-params-'));
  try {
    const { validateParams } = await bootPlugins({ plugins: [{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }, { name: 'inap' }], dataDir }, () => {});
    return (inap: unknown): string | undefined => {
      if (validateParams({ run_id: 'r', operations: [{ type: 'comment' }], inap })) return undefined;
      const d = describeError(validateParams.errors![0]!);
      return `${d.path}: ${d.message}`;
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('every key of the inap param is declared and validated', async () => {
  const check = await validator();
  const all = { activity_test: 'answer', extensions: { '400': 'OCTET STRING' }, variant: 'cap3', srf_ac: 'camel3_srf', reset_timer: 'abort', ignore_reset_timer: 0 };
  assert.equal(check(all), undefined);
  assert.equal(check({ ignore_reset_timer: true }), undefined);
  for (const [inap, re] of [
    [{ variantt: 'cs1' }, /^inap\.variantt: is not a known field/],
    [{ variant: 'camel9' }, /^inap\.variant: /],
    [{ activity_test: 'later' }, /^inap\.activity_test: /],
    [{ reset_timer: 'skip' }, /^inap\.reset_timer: /],
    [{ extensions: { '400': {} } }, /^inap\.extensions\[400\]: must be string/],
    [{ srf_ac: '' }, /^inap\.srf_ac: /],
  ] as const) assert.match(check(inap) ?? 'accepted', re, JSON.stringify(inap));
});

test('inapParams: the run\'s inap param as declared, {} without one', () => {
  assert.deepEqual(inapParams({}), {});
  assert.equal(inapParams({ inap: { variant: 'cs1' } }).variant, 'cs1');
});
