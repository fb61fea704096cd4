import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenExpected, getPath, looseEqual } from '../../../../plugins/sigtran/codec/index.js';

describe('flattenExpected', () => {
  const received = { eventTypeBCSM: 7, eventTypeBCSM_name: 'oAnswer', legID: { receivingSideID: '02', receivingSideID_hex: '02' } };
  test('nested objects become dotted paths; control keys are skipped', () => {
    assert.deepEqual(flattenExpected({ legID: { receivingSideID_hex: '02' }, last_component: 1 }, new Set(['last_component']), received), { 'legID.receivingSideID_hex': '02' });
  });
  test('! and null carry to the leaves at any depth', () => {
    assert.deepEqual(flattenExpected({ legID: { '!receivingSideID_hex': null } }, new Set(), received), { '!legID.receivingSideID_hex': null });
    assert.deepEqual(flattenExpected({ '!legID': { receivingSideID_hex: '01' } }, new Set(), received), { '!legID.receivingSideID_hex': '01' });
  });
  test('an enum given by name is checked against the _name field', () => {
    assert.deepEqual(flattenExpected({ eventTypeBCSM: 'oAnswer' }, new Set(), received), { eventTypeBCSM_name: 'oAnswer' });
    assert.deepEqual(flattenExpected({ eventTypeBCSM: '7' }, new Set(), received), { eventTypeBCSM: '7' });
  });
  test('dotted keys pass through', () => {
    assert.deepEqual(flattenExpected({ 'legID.receivingSideID_hex': '02' }, new Set(), received), { 'legID.receivingSideID_hex': '02' });
  });
});

describe('getPath and looseEqual', () => {
  test('paths with indexes', () => {
    assert.equal(getPath({ a: [{ b: 1 }, { b: 2 }] }, 'a[1].b'), 2);
    assert.equal(getPath({ a: 1 }, 'a.b.c'), undefined);
  });
  const table: Array<[unknown, unknown, boolean]> = [
    ['16', 16, true], [16, '16', true], ['0A', '0a', true], ['0a', 'zz', false], [true, 1, true], [false, 'false', true],
    ['12', '012', true], ['abc', 'ABC', true], ['x', 'X', false], [[1, 2], [1, 2], true], [[1, 2], [2, 1], false], [{ a: 1 }, { a: '1', b: 2 }, true], [null, undefined, false],
  ];
  for (const [a, b, want] of table) test(`${JSON.stringify(a)} vs ${JSON.stringify(b)} → ${want}`, () => assert.equal(looseEqual(a, b), want));
});
