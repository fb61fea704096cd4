// What SUA reads of an ERR's diagnostic information (sua/faults.ts): our whole CLDT names its dialogue by the TCAP
// transaction id; a head cut inside the data names its destination point code and sequence control; the 40 octets
// RFC 3868 asks for (ending in the source address) name nothing; anything but a CLDT names nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeSua } from '../../../../plugins/sigtran/sua/codec.js';
import { encodeSuaAddress } from '../../../../plugins/sigtran/sua/address.js';
import { ClType, MgmtType, SuaClass } from '../../../../plugins/sigtran/sua/constants.js';
import { diagnoseSua } from '../../../../plugins/sigtran/sua/faults.js';
import { headOtid } from '../../../../plugins/sigtran/tcap/codec.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { CAP_BEGIN } from '../vectors.js';

const cldt = (data: Uint8Array, destination = encodeSuaAddress({ ri: 'ssn', pc: 200, ssn: 146 })) =>
  encodeSua(SuaClass.CL, ClType.CLDT, {
    routingContexts: [7],
    protocolClass: { protocolClass: 1, returnOnError: true },
    source: encodeSuaAddress({ ri: 'gt', pc: 100, ssn: 146, gt: { gti: 4, digits: '4917100001', tt: 0, np: 1, nai: 4 } }),
    destination,
    sequenceControl: 5,
    hopCount: 15,
    data,
  });

test('the whole CLDT: our transaction id (the Begin\'s otid), nothing else needed', () => {
  assert.deepEqual(diagnoseSua(cldt(CAP_BEGIN)), { tid: 1 });
});

test('a head cut inside the data, before the otid is whole: the destination point code and the sequence control', () => {
  const m = cldt(CAP_BEGIN);
  const at = Buffer.from(m).indexOf(Buffer.from(CAP_BEGIN)) + 2; // the otid's tag in the data
  assert.equal(m[at], 0x48);
  assert.deepEqual(diagnoseSua(m.subarray(0, at + 5)), { dpc: 200, sls: 5 }, 'the otid cut short');
  assert.deepEqual(diagnoseSua(m.subarray(0, at + 6)), { tid: 1 }, 'the otid whole');
  // a destination routed on GT without a point code: the sequence control alone
  const onGt = cldt(CAP_BEGIN, encodeSuaAddress({ ri: 'gt', ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, nai: 4 } }));
  assert.deepEqual(diagnoseSua(onGt.subarray(0, onGt.length - CAP_BEGIN.length - 3)), { sls: 5 });
});

test('the first 40 octets (RFC 3868), an End, or not a CLDT: nothing named', () => {
  assert.equal(diagnoseSua(cldt(CAP_BEGIN).subarray(0, 40)), undefined);
  assert.equal(diagnoseSua(undefined), undefined);
  assert.equal(diagnoseSua(encodeSua(SuaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 2 } })), undefined);
  // an End has no otid: what else the head holds names it
  assert.deepEqual(diagnoseSua(cldt(fromHex('6406490400000001'))), { dpc: 200, sls: 5 });
});

test('headOtid: short and long length forms, cut short, other messages', () => {
  assert.equal(headOtid(CAP_BEGIN), 1);
  assert.equal(headOtid(CAP_BEGIN.subarray(0, 8)), 1, 'the otid is whole in 8 octets');
  assert.equal(headOtid(CAP_BEGIN.subarray(0, 7)), undefined);
  assert.equal(headOtid(fromHex('6581804804a1b2c3d4')), 0xa1b2c3d4, 'a Continue, long form length');
  assert.equal(headOtid(fromHex('65820100480211220000')), 0x1122);
  assert.equal(headOtid(fromHex('6406490400000001')), undefined, 'an End');
  assert.equal(headOtid(fromHex('62064904000000014804')), undefined, 'a dtid first');
  assert.equal(headOtid(new Uint8Array(0)), undefined);
});
