// core/errors.ts: the catalogue, the ErrorCode table and docs/errors.md agree; the helpers build the right codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ErrorCode, errorCatalogue, TesterError, invalid, cannotStart, InstanceAbort, isInstanceAbort } from '../../core/errors.js';

const docPath = fileURLToPath(new URL('../../docs/errors.md', import.meta.url));

/** Codes of the table rows of docs/errors.md: rows that start with `| <digits> |`. */
function documentedCodes(): Map<number, string> {
  const rows = new Map<number, string>();
  for (const line of readFileSync(docPath, 'utf8').split('\n')) {
    const m = /^\|\s*`?(\d+)`?\s*\|(.*)$/.exec(line);
    if (m) {
      assert.ok(!rows.has(Number(m[1])), `docs/errors.md has two rows for ${m[1]}`);
      rows.set(Number(m[1]), m[2]!);
    }
  }
  return rows;
}

test('every code of errorCatalogue has a row in docs/errors.md, and every documented code is in the catalogue', () => {
  const doc = documentedCodes();
  const code = new Set(errorCatalogue.map((e) => e.code));
  assert.ok(doc.size > 0, 'docs/errors.md has no table rows of the form | <code> |');
  for (const c of code) assert.ok(doc.has(c), `code ${c} is in core/errors.ts but has no row in docs/errors.md`);
  for (const c of doc.keys()) assert.ok(code.has(c as never), `code ${c} is documented in docs/errors.md but not in errorCatalogue`);
});

test('the doc row names the same symbolic name as the catalogue', () => {
  const doc = documentedCodes();
  for (const e of errorCatalogue) assert.match(doc.get(e.code) ?? '', new RegExp(`\\b${e.name}\\b`), `row of ${e.code} should name ${e.name}`);
});

test('errorCatalogue and ErrorCode list the same codes under the same names, once each', () => {
  const fromTable = Object.entries(ErrorCode).map(([name, code]) => `${code}:${name}`).sort();
  const fromCatalogue = errorCatalogue.map((e) => `${e.code}:${e.name}`).sort();
  assert.deepEqual(fromCatalogue, fromTable);
  assert.equal(new Set(errorCatalogue.map((e) => e.code)).size, errorCatalogue.length);
  for (const e of errorCatalogue) assert.ok(e.meaning.length > 10, `${e.code} needs a meaning`);
});

test('the codes of the spec keep their values', () => {
  assert.deepEqual(
    [ErrorCode.General, ErrorCode.UnknownMethod, ErrorCode.RunIdMissing, ErrorCode.RunIdInUse, ErrorCode.CannotCreate, ErrorCode.CannotStart, ErrorCode.RunIdUnknown],
    [1000, 1001, 2000, 2001, 2002, 2003, 2004],
  );
});

test('invalid() is 2002 naming the path; cannotStart() is 2003', () => {
  const e = invalid('scp.dssn', 'must be <= 255');
  assert.ok(e instanceof TesterError);
  assert.equal(e.code, 2002);
  assert.equal(e.path, 'scp.dssn');
  assert.equal(e.message, 'scp.dssn: must be <= 255');
  assert.equal(invalid('', 'whole thing').message, 'whole thing');
  const s = cannotStart("lock 'k' is held");
  assert.equal(s.code, 2003);
  assert.equal(s.path, undefined);
});

test('InstanceAbort is recognised by isInstanceAbort, other errors are not', () => {
  assert.equal(isInstanceAbort(new InstanceAbort('x')), true);
  assert.equal(isInstanceAbort(new Error('x')), false);
  assert.equal(isInstanceAbort(null), false);
  assert.equal(isInstanceAbort({ instanceAbort: true }), true);
  assert.equal(isInstanceAbort('instanceAbort'), false);
});
