// web/src/editor/field-kind.ts: which form control a schema gets; enumerations as named choices with their numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { choicesOf, fieldKind } from '../../../web/src/editor/field-kind.js';

test('a plugin enumeration (x-enum beside a number-or-name type) is a choice of its named values with their numbers', () => {
  const s = { type: ['integer', 'string'], 'x-enum': [2, 7], 'x-enum-names': ['collectedInfo', 'oAnswer'] };
  assert.equal(fieldKind(s as never), 'choice');
  assert.deepEqual(choicesOf(s as never), [
    { value: 2, label: 'collectedInfo (2)' },
    { value: 7, label: 'oAnswer (7)' },
  ]);
});

test('enum with enumNames, and oneOf of const/title, are choices too; a plain type is none', () => {
  assert.deepEqual(choicesOf({ enum: [1, 2, 3], enumNames: ['one', '2', 'level 3'] } as never), [
    { value: 1, label: 'one (1)' },
    { value: 2, label: '2' },
    { value: 3, label: 'level 3' },
  ]);
  assert.deepEqual(choicesOf({ oneOf: [{ const: 1, title: 'one' }] } as never), [{ value: 1, label: 'one (1)' }]);
  assert.equal(choicesOf({ type: ['integer', 'string'] } as never), undefined);
});
