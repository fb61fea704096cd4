// plugins/sigtran/codec/json-schema.ts: an enumerated field's schema takes a number or a name and names its values as
// annotations (x-enum, x-enum-names), the union over variants; the validator treats them as annotations only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argProperties, enm, f, seq } from '../../../../plugins/sigtran/codec/index.js';
import { ajv } from '../../../../core/validation/ajv.js';

test('an enumeration\'s values and names are annotated; another variant adds its own, a value named twice gets both', () => {
  const props: Record<string, unknown> = {};
  argProperties({ ty: seq(f('eventTypeBCSM', 0, enm({ 2: 'collectedInfo', 7: 'oAnswer' }))) } as never, props);
  assert.deepEqual(props.eventTypeBCSM, { type: ['integer', 'string'], 'x-enum': [2, 7], 'x-enum-names': ['collectedInfo', 'oAnswer'] });
  argProperties({ ty: seq(f('eventTypeBCSM', 0, enm({ 2: 'collectedInfo', 4: 'routeSelectFailure', 7: 'oAnswerCS1' }))) } as never, props);
  assert.deepEqual(props.eventTypeBCSM, { type: ['integer', 'string'], 'x-enum': [2, 4, 7], 'x-enum-names': ['collectedInfo', 'routeSelectFailure', 'oAnswer / oAnswerCS1'] });
  assert.deepEqual(props.eventTypeBCSM_name, { type: 'string' });
  const unnamed: Record<string, unknown> = {};
  argProperties({ ty: seq(f('cause', 0, enm())) } as never, unnamed);
  assert.deepEqual(unnamed.cause, { type: ['integer', 'string'] });
});

test('the annotations validate nothing: other numbers and names still pass the schema (the codec judges them)', () => {
  const props: Record<string, unknown> = {};
  argProperties({ ty: seq(f('eventTypeBCSM', 0, enm({ 2: 'collectedInfo' }))) } as never, props);
  const validate = ajv.compile({ type: 'object', properties: props });
  for (const v of [2, 99, 'collectedInfo', 'somethingElse']) assert.equal(validate({ eventTypeBCSM: v }), true, String(v));
  assert.equal(validate({ eventTypeBCSM: [2] }), false);
});
