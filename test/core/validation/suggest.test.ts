// core/validation/suggest.ts: the nearest names to a misspelt field or operation type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nearest, didYouMean } from '../../../core/validation/suggest.js';

const types = ['inap.ssp_to_scp.InitialDP', 'inap.scp_from_ssp.InitialDP', 'inap.ssp_from_scp.ReleaseCall', 'wait', 'set', 'assert', 'diameter.client_to_server.CCR'];

test('a misspelt operation type finds the nearest types, nearest first', () => {
  assert.deepEqual(nearest('inap.ssp_to_scp.InitalDP', types), ['inap.ssp_to_scp.InitialDP', 'inap.scp_from_ssp.InitialDP']);
  assert.deepEqual(nearest('InitialDP', types).sort(), ['inap.scp_from_ssp.InitialDP', 'inap.ssp_to_scp.InitialDP']);
  assert.equal(nearest('asert', types)[0], 'assert');
});

test('a name close to nothing finds nothing; the name itself is not suggested', () => {
  assert.deepEqual(nearest('frobnicate', types), []);
  assert.deepEqual(nearest('wait', types).includes('wait'), false);
  assert.equal(didYouMean('frobnicate', types), '');
});

test('an abbreviation with the same first half is close (secs → seconds)', () => {
  assert.equal(didYouMean('secs', ['seconds', 'text']), ' (did you mean seconds?)');
  assert.equal(didYouMean('txt', ['seconds', 'text']), ' (did you mean text?)');
});
