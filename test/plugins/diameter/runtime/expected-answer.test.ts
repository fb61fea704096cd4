import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { expectedAnswer } from '../../../../plugins/diameter/runtime/expected-answer.js';

const dict = new Dictionary();

describe('diameter expected answer', () => {
  test('fields flattened with enumerated names resolved; which built-in checks stand aside', () => {
    assert.deepEqual(expectedAnswer(dict, { 'Result-Code': 'DIAMETER_SUCCESS', 'Granted-Service-Unit': { 'CC-Time': 60 } }), {
      fields: { 'Result-Code': 2001, 'Granted-Service-Unit.CC-Time': 60 }, namesResult: true, namesMscc: false,
    });
    assert.deepEqual(expectedAnswer(dict, { 'Multiple-Services-Credit-Control.Result-Code': 4012 }), {
      fields: { 'Multiple-Services-Credit-Control.Result-Code': 4012 }, namesResult: false, namesMscc: true,
    });
    assert.deepEqual(expectedAnswer(dict, {}), { fields: undefined, namesResult: false, namesMscc: false });
    assert.deepEqual(expectedAnswer(dict, undefined), { fields: undefined, namesResult: false, namesMscc: false });
  });

  test('the same answer object is flattened once; another object or dictionary is flattened anew', () => {
    const answer = { 'CC-Request-Type': 'INITIAL_REQUEST' };
    const first = expectedAnswer(dict, answer);
    assert.equal(expectedAnswer(dict, answer), first);
    // a dictionary with CC-Request-Type's values named otherwise would resolve otherwise
    assert.notEqual(expectedAnswer(new Dictionary(), answer), first);
    assert.notEqual(expectedAnswer(dict, { 'CC-Request-Type': 'INITIAL_REQUEST' }), first);
    for (let i = 0; i < 20; i++) expectedAnswer(dict, { 'CC-Request-Number': i });
    const again = expectedAnswer(dict, answer);
    assert.deepEqual(again, first);
  });
});
