// The simulators' script loader: JSON, YAML by the file's extension, and every error a ScriptError naming the file
// (and, from the simulator's parse, the path inside it).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadScript, ScriptError } from '../../../sdk/index.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-script-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

/** A simulator's parse: `rules` must be a non-empty array; mistakes name their path. */
function parse(data: unknown): { rules: unknown[] } {
  const rules = (data as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules) || rules.length === 0) throw new ScriptError('rules: expected a non-empty array');
  return { rules };
}

const refused = (fn: () => unknown, re: RegExp) => assert.throws(fn, (e: unknown) => e instanceof ScriptError && re.test(e.message));

test('a JSON file and a YAML file give the same data to parse', () => {
  assert.deepEqual(loadScript(file('s.json', '{ "rules": [{ "action": "release" }] }'), parse), { rules: [{ action: 'release' }] });
  assert.deepEqual(loadScript(file('s.yaml', 'rules:\n  - action: release\n'), parse), { rules: [{ action: 'release' }] });
  assert.deepEqual(loadScript(file('s.yml', 'rules: [{ action: release }]\n'), parse), { rules: [{ action: 'release' }] });
});

test('a file that cannot be read, or is not JSON / YAML, is refused naming it', () => {
  refused(() => loadScript(join(dir, 'missing.json'), parse), /^cannot read .*missing\.json: ENOENT/);
  refused(() => loadScript(file('bad.json', '{ rules: '), parse), /bad\.json: not JSON: /);
  refused(() => loadScript(file('bad.yaml', 'rules: [1, 2\n'), parse), /bad\.yaml: not YAML: /);
});

test("the simulator's own checks are prefixed with the file", () => {
  const path = file('empty.json', '{ "rules": [] }');
  refused(() => loadScript(path, parse), new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: rules: expected a non-empty array$`));
  refused(() => loadScript(file('null.json', 'null'), parse), /null\.json: rules: expected a non-empty array/);
});
