// scripts/docs.ts: the parts of the docs made from the code are up to date (run `npm run docs` when this fails),
// and a generated part is put between its markers without touching the rest of the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generatedDocs, staleDocs, withGenerated } from '../../scripts/docs.js';

test('every generated doc is what the code makes now (npm run docs writes them)', () => {
  assert.ok(generatedDocs().length >= 2);
  assert.deepEqual(staleDocs(), [], 'run npm run docs and commit the result');
});

test('a generated part replaces only what is between its markers; missing markers are an error naming the file', () => {
  const text = 'before\n<!-- generated: t (npm run docs) -->\nold\n<!-- end: t -->\nafter\n';
  assert.equal(withGenerated(text, { file: 'x.md', part: 't', content: 'new' }), 'before\n<!-- generated: t (npm run docs) -->\nnew\n<!-- end: t -->\nafter\n');
  assert.throws(() => withGenerated('no markers', { file: 'x.md', part: 't', content: 'new' }), /x\.md: the markers of the generated part 't' are missing/);
  assert.equal(withGenerated('anything', { file: 'x.json', content: '{}' }), '{}');
});
