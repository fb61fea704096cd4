// docs/hooks.md is held in step with core/hooks.ts: every hook declared is in the table under its owner, with its
// tapable kind, and the table names no hook that does not exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRunHooks, createRunManagerHooks, createServiceHooks } from '../../core/hooks.js';

const doc = readFileSync(join(import.meta.dirname, '../../docs/hooks.md'), 'utf8');

/** `owner.hook` → kind, from the declarations. */
function declared(): Map<string, string> {
  const out = new Map<string, string>();
  const owners: Array<[string, Record<string, object>]> = [
    ['service', createServiceHooks()],
    ['runs', createRunManagerHooks()],
    ['run', createRunHooks()],
  ];
  for (const [owner, hooks] of owners) for (const [name, h] of Object.entries(hooks)) out.set(`${owner}.${name}`, h.constructor.name);
  return out;
}

/** `owner.hook` → kind, from the doc's table rows. */
function documented(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of doc.matchAll(/^\| (\w+\.\w+) \| (\w+) \|/gm)) if (m[1] !== 'owner.hook') out.set(m[1]!, m[2]!);
  return out;
}

test('every hook of core/hooks.ts is in docs/hooks.md with its kind, and the doc names no other', () => {
  const d = declared();
  const t = documented();
  assert.ok(d.size >= 15, `the declarations were read: ${[...d.keys()].join(', ')}`);
  assert.deepEqual([...t.keys()].sort(), [...d.keys()].sort(), 'the table rows are the declared hooks');
  for (const [name, kind] of d) assert.equal(t.get(name), kind, `${name}: its kind`);
});
