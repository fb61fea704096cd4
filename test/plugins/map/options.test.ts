// plugins/map/options.ts and params.ts: declared once (TypeBox): the loader's schema and its defaults, the defaults of
// a caller that gives fewer, and the hlr_ac param read through hlrAc().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootPlugins } from '../../../core/service.js';
import { describeError } from '../../../core/validation/ajv.js';
import { mapOptions } from '../../../plugins/map/options.js';
import { hlrAc } from '../../../plugins/map/params.js';

async function boot(options: Record<string, unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'map-options-'));
  try {
    return await bootPlugins({ plugins: [{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }, { name: 'map', options }], dataDir }, () => {});
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('the options: defaults from the schema, a misspelt key refused at boot', async () => {
  assert.deepEqual(mapOptions(), { end_open_dialogues: 'end' });
  assert.deepEqual(mapOptions({ end_open_dialogues: 'abort' }), { end_open_dialogues: 'abort' });
  await boot({ end_open_dialogues: 'abort' });
  await assert.rejects(boot({ end_open_dialogue: 'abort' }), /end_open_dialogue/);
  await assert.rejects(boot({ end_open_dialogues: 'prearranged' }), /end_open_dialogues/);
});

test('hlr_ac: a non-empty string, read through hlrAc()', async () => {
  const { validateParams } = await boot({});
  assert.ok(validateParams({ run_id: 'r', operations: [{ type: 'comment' }], hlr_ac: 'ussd2' }));
  assert.ok(!validateParams({ run_id: 'r', operations: [{ type: 'comment' }], hlr_ac: '' }));
  assert.match(describeError(validateParams.errors![0]!).path, /^hlr_ac/);
  assert.equal(hlrAc({ hlr_ac: 'ussd2' }), 'ussd2');
  assert.equal(hlrAc({}), undefined);
});
