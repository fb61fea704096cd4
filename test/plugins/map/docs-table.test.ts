// docs/plugins/map.md lists every operation of the table (catalogue.ts): its code, context and versions, the role
// pairs and the argument type of each version (and its context where it is not the operation's), between the
// `operations` markers. The list is made from the table
// here; when the table changes this test fails and prints the list to paste.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MAP_OPERATIONS } from '../../../plugins/map/catalogue.js';

function rendered(): string {
  const rows = MAP_OPERATIONS.map((op) => {
    const codes = [...new Set(Object.values(op.versions).map((v) => v.opcode))].join('/');
    const versions = Object.entries(op.versions).map(([v, d]) => `v${v}${d.context ? ` (in ${d.context})` : ''} ${d.arg ?? '—'} → ${d.res ?? '—'}`).join('; ');
    const pairs = op.pairs.map(([a, b]) => `${a} → ${b}`).join(', ');
    return `| ${op.name} (${codes}) | ${op.context} | ${versions} | ${pairs} | ${op.errors.join(', ') || '—'} |`;
  });
  return ['| operation (code) | context | versions: argument → result | invoker → responder | errors (TS 29.002) |', '|---|---|---|---|---|', ...rows].join('\n');
}

test('docs/plugins/map.md lists every operation of the catalogue as the table says', () => {
  const doc = readFileSync(new URL('../../../docs/plugins/map.md', import.meta.url), 'utf8');
  const m = /<!-- operations:begin[^>]*-->\n([\s\S]*?)\n<!-- operations:end -->/.exec(doc);
  assert.ok(m, 'docs/plugins/map.md has no <!-- operations:begin --> ... <!-- operations:end --> section');
  assert.equal(m[1], rendered(), `paste between the markers:\n${rendered()}`);
});
