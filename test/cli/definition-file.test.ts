// cli/definition-file.ts: definition files read with positions; syntax errors and JSON paths to line:column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DefinitionFile, parsePath } from '../../cli/definition-file.js';
import { UsageError } from '../../cli/usage-error.js';

const text = `{
  "vars": { "a b": 1 },
  "operations": [
    { "type": "comment" },
    { "type": "set", "arguments": { "colour": "red" } }
  ]
}
`;

test('parsePath splits dotted, indexed and quoted segments', () => {
  assert.deepEqual(parsePath('operations[1].arguments.colour'), ['operations', 1, 'arguments', 'colour']);
  assert.deepEqual(parsePath('vars["a b"]'), ['vars', 'a b']);
  assert.deepEqual(parsePath(''), []);
});

test('a JSON path is located at its member name; a missing one at the nearest enclosing value', () => {
  const d = new DefinitionFile('t.json', text);
  assert.deepEqual(d.locate('operations[1].arguments.colour'), { line: 5, column: 37 });
  assert.deepEqual(d.locate('operations[0]'), { line: 4, column: 5 });
  assert.deepEqual(d.locate('vars["a b"]'), { line: 2, column: 13 });
  // operations[1].arguments.vars is missing: the arguments object is where it belongs.
  assert.deepEqual(d.locate('operations[1].arguments.vars'), { line: 5, column: 35 });
  assert.deepEqual(d.value.operations, [{ type: 'comment' }, { type: 'set', arguments: { colour: 'red' } }]);
});

test('syntax errors: every one with file, line and column', () => {
  const bad = '{\n  "operations": [\n    { "type": "comment" }\n    { "type": "comment" }\n  ]\n}\n';
  assert.throws(() => new DefinitionFile('bad.json', bad), (e: Error) => e instanceof UsageError && /not JSON/.test(e.message) && /bad\.json:4:5: ',' expected/.test(e.message));
  assert.throws(() => new DefinitionFile('c.json', '{ "a": 1, // note\n}'), /c\.json:1:11: comments are not JSON/);
  assert.throws(() => new DefinitionFile('e.json', ''), /e\.json:1:1/);
  assert.throws(() => new DefinitionFile('arr.json', '[1]'), /must hold the params object/);
});
