// Matching inbound Begins against an acceptBegin/listen criterion (plugins/sigtran/tcap/criterion.ts).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { Criterion } from '../../../../plugins/sigtran/tcap/criterion.js';
import { fakeBegin } from './fake-begins.js';

const cap2 = resolveAc('0.4.0.0.1.0.50.1')!;

describe('Begin criterion', () => {
  test('called SSN, AC (by OID string or object; null: no AC) and the first component\'s opcode', () => {
    const m = fakeBegin('x', { ssn: 146, ac: cap2.oid, opcode: 0 });
    const bare = fakeBegin('y', { ssn: 8 });
    assert.equal(new Criterion({}).matches(m), true);
    assert.equal(new Criterion({ ssn: 146 }).matches(m), true);
    assert.equal(new Criterion({ ssn: 8 }).matches(m), false);
    assert.equal(new Criterion({ ac: cap2.oid }).matches(m), true);
    assert.equal(new Criterion({ ac: cap2 }).matches(m), true);
    assert.equal(new Criterion({ ac: '0.4.0.0.1.0.50.0' }).matches(m), false);
    assert.equal(new Criterion({ ac: null }).matches(m), false);
    assert.equal(new Criterion({ ac: null }).matches(bare), true);
    assert.equal(new Criterion({ ac: cap2 }).matches(bare), false);
    assert.equal(new Criterion({ opcode: 0 }).matches(m), true);
    assert.equal(new Criterion({ opcode: 1 }).matches(m), false);
    assert.equal(new Criterion({ opcode: 0 }).matches(bare), false, 'no component');
  });

  test('the caller\'s filter decides last; one that throws does not match', () => {
    const m = fakeBegin('x', { opcode: 0 });
    assert.equal(new Criterion({ opcode: 0, filter: () => true }).matches(m), true);
    assert.equal(new Criterion({ opcode: 0, filter: () => false }).matches(m), false);
    assert.equal(new Criterion({ filter: () => { throw new Error('bad filter'); } }).matches(m), false);
    let asked = false;
    new Criterion({ opcode: 1, filter: () => (asked = true) }).matches(m);
    assert.equal(asked, false, 'not asked when the rest does not match');
  });

  test('described for wait errors', () => {
    assert.equal(new Criterion({}).describe(), '');
    assert.equal(new Criterion({ ssn: 146, ac: cap2, opcode: 0 }).describe(), ` (ssn 146, ac ${cap2.oid}, opcode 0)`);
    assert.equal(new Criterion({ ac: null }).describe(), ' (ac none)');
    assert.equal(new Criterion({ ac: '1.2.3' }).describe(), ' (ac 1.2.3)');
  });
});
