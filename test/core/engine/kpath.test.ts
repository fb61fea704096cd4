// core/engine/kpath.ts: addressing values inside a result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getKpath, parseKpath } from '../../../core/engine/kpath.js';

const result = {
  rest: { content_json: { balance: 42, tags: ['a', 'b'] } },
  rows: [{ Exists: 1 }, { Exists: 0 }],
  http_headers: [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'X-Other', value: '1' },
  ],
  zero: 0,
  nothing: null,
};

test('dotted keys, indexes and numeric keys into arrays', () => {
  assert.equal(getKpath(result, 'rest.content_json.balance'), 42);
  assert.equal(getKpath(result, 'rows[1].Exists'), 0);
  assert.equal(getKpath(result, 'rows.0.Exists'), 1);
  assert.equal(getKpath(result, 'rest.content_json.tags[1]'), 'b');
  assert.equal(getKpath(result, 'zero'), 0);
  assert.equal(getKpath(result, 'nothing'), null);
});

test('`.` and the empty kpath are the result itself', () => {
  assert.equal(getKpath(result, '.'), result);
  assert.equal(getKpath(result, ''), result);
  assert.equal(getKpath(7, '.'), 7);
});

test('selectors pick array elements by field (case-insensitive value)', () => {
  assert.deepEqual(getKpath(result, 'http_headers.[name=content-type].[0].value'), 'application/json');
  assert.deepEqual(getKpath(result, 'http_headers.[name=nope]'), []);
});

test('a missing step gives undefined, never a throw', () => {
  for (const k of ['absent', 'rest.absent.deeper', 'rows[9].Exists', 'zero.x', 'nothing.x', 'rest[1]', 'rest.content_json.balance.x', 'zero.[a=b]', 'http_headers.[name=nope].value']) {
    assert.equal(getKpath(result, k), undefined, k);
  }
  assert.equal(getKpath(undefined, 'a'), undefined);
  assert.equal(getKpath(null, 'a.b'), undefined);
});

test('[0] of a value that is not a list is the value itself (a field that appears once); [1] is absent', () => {
  assert.deepEqual(getKpath({ m: { g: 7 } }, 'm[0].g'), 7);
  assert.deepEqual(getKpath({ m: [{ g: 7 }, { g: 8 }] }, 'm[1].g'), 8);
  assert.equal(getKpath({ m: { g: 7 } }, 'm[1].g'), undefined);
});

test('a field name after a selector reads the field of the first match (issue 11: it read as absent)', () => {
  assert.equal(getKpath(result, 'http_headers.[name=content-type].value'), 'application/json');
  assert.equal(getKpath(result, 'http_headers[name=X-OTHER].value'), '1');
  const rrb = { bcsmEvents: [{ eventTypeBCSM_name: 'oDisconnect', legID: { sendingSideID_hex: '01' } }, { eventTypeBCSM_name: 'oAnswer', legID: { sendingSideID_hex: '02' } }, { eventTypeBCSM_name: 'oAnswer', legID: { sendingSideID_hex: '03' } }] };
  assert.equal(getKpath(rrb, 'bcsmEvents[eventTypeBCSM_name=oAnswer].legID.sendingSideID_hex'), '02');
  assert.equal(getKpath(rrb, 'bcsmEvents[eventTypeBCSM_name=oAnswer][1].legID.sendingSideID_hex'), '03');
  assert.equal(getKpath(rrb, 'bcsmEvents[eventTypeBCSM_name=oAnswer].[0].legID.sendingSideID_hex'), '02');
  assert.equal((getKpath(rrb, 'bcsmEvents[eventTypeBCSM_name=oAnswer]') as unknown[]).length, 2);
  assert.equal(getKpath(rrb, 'bcsmEvents[eventTypeBCSM_name=tAnswer].legID'), undefined);
});

test('a selector on a field that appears once treats it as a one-element list', () => {
  const one = { mscc: { 'Rating-Group': 10, gsu: { time: 60 } } };
  assert.equal(getKpath(one, 'mscc.[Rating-Group=10].gsu.time'), 60);
  assert.deepEqual(getKpath(one, 'mscc.[Rating-Group=11]'), []);
  assert.equal(getKpath(one, 'mscc.[Rating-Group=11].gsu'), undefined);
  assert.deepEqual(getKpath(result, 'rest.[a=b]'), []);
});

test('parseKpath splits into steps', () => {
  assert.deepEqual(parseKpath('a.b[2].[k=v]'), [{ key: 'a' }, { key: 'b' }, { index: 2 }, { select: ['k', 'v'] }]);
  assert.deepEqual(parseKpath('.'), []);
});
