// The capture importer's view of MAP short messages: a forwardSM result's report (RP-ACK), sm-DeliveryFailure's
// RP-ERROR report and an MT status report come decoded field by field, and the readable spelling the importer picks
// re-encodes to the captured octets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapComponent } from '../../../plugins/map/import.js';
import { MAP_OPERATIONS, defaultAc } from '../../../plugins/map/catalogue.js';
import { encodeMessage } from '../../../plugins/map/codec/message.js';
import { resolveAc } from '../../../plugins/sigtran/api.js';
import { sendable } from '../../../plugins/capture/tcap/fields.js';
import type { JsonObject } from '../../../sdk/index.js';

const MT = MAP_OPERATIONS.find((o) => o.name === 'MtForwardSM')!;
const AC = resolveAc(defaultAc(MT, 3))!.oid;

function imported(c: Parameters<typeof mapComponent>[0]) {
  const ic = mapComponent(c, AC, () => 44)!;
  assert.ok(ic, 'a MAP component');
  return ic;
}

test('reports and a status report imported field by field, re-encoding to the captured octets', () => {
  const result = encodeMessage(MT, 'result', 3, { 'sm-RP-UI_tpdu': { pid: 0, dcs_class: 1, text: 'delivered' } })!;
  const r = imported({ type: 'returnResult', invokeId: 1, opcode: 44, result, last: true });
  assert.equal(r.name, 'MtForwardSMResult');
  const tpdu = r.fields['sm-RP-UI_tpdu'] as JsonObject;
  assert.deepEqual([tpdu.type, tpdu.rp_type, tpdu.pi, tpdu.dcs_class, tpdu.text], ['SMS-DELIVER-REPORT', 'ack', 7, 1, 'delivered']);
  const same = (f: JsonObject) => Buffer.from(r.encode!(f) ?? []).equals(Buffer.from(result));
  const s = sendable(r.fields, same);
  assert.ok(s.exact, JSON.stringify(s.fields));
  assert.ok('sm-RP-UI_tpdu' in s.fields, 'the readable spelling is the TPDU');

  const parameter = encodeMessage(MT, 'error', 3, { 'sm-EnumeratedDeliveryFailureCause': 'memoryCapacityExceeded', diagnosticInfo_tpdu: { fcs: 0xd3 } }, 'sm-DeliveryFailure');
  const e = imported({ type: 'returnError', invokeId: 1, errorCode: 32, parameter });
  assert.deepEqual([e.name, (e.fields.diagnosticInfo_tpdu as JsonObject).rp_type, (e.fields.diagnosticInfo_tpdu as JsonObject).fcs], ['MtForwardSMError', 'error', 0xd3]);

  const argument = encodeMessage(MT, 'invoke', 3, { 'sm-RP-DA': { imsi_digits: '262011234567890' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: '4917000001' }, 'sm-RP-UI_tpdu': { type: 'SMS-STATUS-REPORT', mr: 3, ra_digits: '4917100002', scts: '240101120000+04', dt: '240101120500+04', st: 0x20 } })!;
  const i = imported({ type: 'invoke', invokeId: 1, opcode: 44, argument });
  assert.deepEqual([(i.fields['sm-RP-UI_tpdu'] as JsonObject).type, (i.fields['sm-RP-UI_tpdu'] as JsonObject).st_meaning], ['SMS-STATUS-REPORT', 'temporary-error-still-trying']);
  assert.ok(sendable(i.fields, (f) => Buffer.from(i.encode!(f) ?? []).equals(Buffer.from(argument))).exact);
});
