// What an ERR or NTFY from the peer ends (ua/faults.ts), for M3UA and SUA alike: an error about a route (ERR 26...)
// every dialogue of the association, or those to the DPC its diagnostic names; an error about one message only the
// dialogue it names (DPC and SLS, or transaction id), nothing when it names none; AS-INACTIVE and AS-PENDING for our
// AS every dialogue. M3UA's reading of its diagnostic (the DATA's routing label) too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnoseM3ua } from '../../../../plugins/sigtran/m3ua/faults.js';
import { ErrorCodes } from '../../../../plugins/sigtran/sua/constants.js';
import { errFault, errText, notifyFault } from '../../../../plugins/sigtran/ua/faults.js';
import { CAP_DATA } from '../vectors.js';

const err = (errorCode: number, routingContexts?: number[]) => ({ cls: 0, type: 0, errorCode, ...(routingContexts ? { routingContexts } : {}) });

test('errText names the adaptation, the code by name and the peer', () => {
  assert.equal(errText('SUA', ErrorCodes, err(0x1b), 'the SG 127.0.0.1:14001'), 'SUA ERR 27 (subsystem status unknown) from the SG 127.0.0.1:14001');
  assert.equal(errText('M3UA', ErrorCodes, err(99), 'x'), 'M3UA ERR 99 (unknown error code) from x');
});

test('an error about a route: every dialogue (to the DPC named); the routing context in the reason', () => {
  assert.deepEqual(errFault('E', err(0x1a, [7]), undefined), { reason: 'E (routing context 7)' });
  assert.deepEqual(errFault('E', err(0x1a), { dpc: 2, sls: 3, tid: 9 }), { reason: 'E', dpc: 2 });
  assert.deepEqual(errFault('E', err(0x1b), { tid: 9 }), { reason: 'E' }, "SUA's subsystem status unknown is about the route");
});

test('an error about one message: the dialogue it names, or none', () => {
  assert.equal(errFault('E', err(0x16), undefined), undefined);
  assert.deepEqual(errFault('E', err(0x16), { dpc: 2, sls: 3 }), { reason: 'E', dpc: 2, sls: 3 });
  assert.deepEqual(errFault('E', err(0x11), { tid: 9 }), { reason: 'E', tid: 9 });
});

test('NTFY AS-INACTIVE / AS-PENDING for our AS ends its dialogues; AS-ACTIVE, other ASes and other statuses do not', () => {
  const ntfy = (type: number, info: number, routingContexts?: number[]) => ({ cls: 0, type: 1, status: { type, info }, ...(routingContexts ? { routingContexts } : {}) });
  assert.deepEqual(notifyFault('SUA', ntfy(1, 4, [7]), 'the SG x', 7), { reason: 'SUA NTFY AS-PENDING from the SG x: our AS has no active ASP there' });
  assert.ok(notifyFault('M3UA', ntfy(1, 2), 'the SG x', 7));
  assert.equal(notifyFault('M3UA', ntfy(1, 2, [8]), 'the SG x', 7), undefined);
  assert.equal(notifyFault('M3UA', ntfy(1, 3), 'the SG x', undefined), undefined);
  assert.equal(notifyFault('M3UA', ntfy(2, 1), 'the SG x', undefined), undefined);
});

test("M3UA's diagnostic: the DPC and SLS of the DATA's routing label, when the head holds it", () => {
  assert.deepEqual(diagnoseM3ua(CAP_DATA.subarray(0, 40)), { dpc: 2, sls: 0 });
  assert.equal(diagnoseM3ua(CAP_DATA.subarray(0, 30)), undefined);
  assert.equal(diagnoseM3ua(CAP_DATA.subarray(0, 4)), undefined);
});
