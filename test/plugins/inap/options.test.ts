// plugins/inap/options.ts: the options declared once (TypeBox): the loader's schema with its defaults, the defaults of
// a caller that gives fewer, one list of variant names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootPlugins } from '../../../core/service.js';
import { inapConfig, optionsSchema } from '../../../plugins/inap/options.js';
import { VARIANT_NAMES, parseVariant } from '../../../plugins/inap/codec/variants.js';

const boot = async (options: Record<string, unknown>) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'inap-options-'));
  try {
    await bootPlugins({ plugins: [{ name: 'sigtran', options: { instances: [] } }, { name: 'inap', options }], dataDir }, () => {});
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

test('the defaults come from the schema, once', () => {
  assert.deepEqual(inapConfig(), { default_variant: 'camel3', reset_timer: 'ignore', activity_test: 'auto', end_open_dialogues: 'end', ipssp_capabilities_hex: '01', defaultVariant: 'camel3' });
  for (const [k, v] of Object.entries(optionsSchema.properties)) assert.equal((v as unknown as { default: unknown }).default, (inapConfig() as Record<string, unknown>)[k], k);
  assert.equal(inapConfig({ default_variant: 'cap2' }).defaultVariant, 'camel2');
});

test('every variant name parses, and the options accept exactly those names (cap3 included)', async () => {
  for (const [name, v] of Object.entries(VARIANT_NAMES)) {
    assert.equal(parseVariant(name), v);
    await boot({ default_variant: name });
  }
  await assert.rejects(boot({ default_variant: 'camel9' }), /default_variant/);
  await assert.rejects(boot({ default_varient: 'cs1' }), /default_varient/);
});
