// docs/plugins/inap.md lists every operation of the table (catalogue.ts) with its code, the variants that define it
// (codec/args.ts ONLY_IN), the links its Invoke, ReturnResult and ReturnError are sent on (so the roles and types)
// and its argument type; the list is written by hand, and this test keeps it in step with the table: a row added
// to the table and not to the doc (or the reverse, or a changed code, variant, link or argument) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { OPERATIONS, type OperationRow } from '../../../plugins/inap/catalogue.js';
import { definedIn } from '../../../plugins/inap/codec/args.js';
import { VARIANTS } from '../../../plugins/inap/codec/variants.js';

const ROLE: Record<string, string> = { ssp: 'SSP', scp: 'SCP', srf: 'SRF' };
const links = (ls: readonly string[] | undefined) => (ls?.length ? ls.map((l) => l.split('>').map((r) => ROLE[r]).join('→')).join(', ') : '–');

/** The doc's row of an operation, as the table gives it. */
function row(op: string, r: OperationRow): string {
  const variants = VARIANTS.filter((v) => definedIn(op, v));
  const result = r.result ? `${links(r.result.links)}${r.result.type ? `: ${r.result.type}` : ''}` : '–';
  const opens = r.opens ? ` (opens${r.contexts ? `: ${r.contexts.join(', ')}` : ''})` : '';
  return `| ${op} | ${r.opcode} | ${variants.length === VARIANTS.length ? 'all' : variants.join(', ')} | ${links(r.invoke)}${opens} | ${r.argument ?? '–'} | ${result} | ${links(r.error)} |`;
}

test('docs/plugins/inap.md lists every operation of the table as the table defines it', () => {
  const doc = readFileSync(new URL('../../../docs/plugins/inap.md', import.meta.url), 'utf8');
  const begin = doc.indexOf('<!-- operations:begin -->');
  const end = doc.indexOf('<!-- operations:end -->');
  assert.ok(begin >= 0 && end > begin, 'the operation list is marked in the doc');
  const listed = doc.slice(begin, end).split('\n').filter((l) => /^\| [A-Z]/.test(l) && !l.startsWith('| operation'));
  const expected = Object.entries(OPERATIONS).map(([op, r]) => row(op, r));
  assert.deepEqual(listed, expected);
});
