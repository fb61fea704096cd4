// The catalogue: every message type issue 12 names is registered (by the one loop of operations.ts), opcodes and
// error codes as in Wireshark's gsm_map tables, the v2/v3 forwardSM split, and each type's schema.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultAc, MAP_ERRORS, MAP_OPERATIONS, mapContextOf, mapOperation, operationOf, operationsOf, versionIn } from '../../../plugins/map/catalogue.js';
import { encodeMessage } from '../../../plugins/map/codec/message.js';
import { mapRouter } from '../../../plugins/map/runtime/register.js';
import type { TcapMessage } from '../../../plugins/sigtran/api.js';
import { INVOKES } from './fixtures/samples.js';
import { resolveAc } from '../../../plugins/sigtran/ac.js';
import { mapFamily } from '../../../plugins/map/family.js';
import { mapOptions } from '../../../plugins/map/options.js';

const ops = mapFamily.operations(mapOptions());
const types = new Set(ops.flatMap((o) => [o.type, ...(o.aliases ?? [])]));

describe('catalogue', () => {
  test('the types of issue 12 are registered', () => {
    const wanted = [
      'map.hlr_to_scp.ProcessUnstructuredSSRequest', 'map.hlr_to_scp.UnstructuredSSRequestResult', 'map.hlr_to_scp.UnstructuredSSNotifyResult',
      'map.hlr_to_scp.AnyTimeInterrogationResult', 'map.hlr_to_scp.SendRoutingInfoResult', 'map.hlr_from_scp.ProcessUnstructuredSSRequestResult',
      'map.hlr_from_scp.UnstructuredSSRequest', 'map.hlr_from_scp.UnstructuredSSNotify', 'map.hlr_from_scp.AnyTimeInterrogation',
      'map.hlr_from_scp.AnyTimeInterrogationRequest', 'map.hlr_from_scp.SendRoutingInfo', 'map.hlr_to_smsc.SendRoutingInfoForSMResult',
      'map.hlr_from_smsc.SendRoutingInfoForSM', 'map.msc_to_smsc.MoForwardSM', 'map.msc_to_smsc.MtForwardSMResult', 'map.msc_from_smsc.MoForwardSMResult',
      'map.msc_from_smsc.MtForwardSM', 'map.vlr_to_hlr.ProvideSubscriberInfoResult', 'map.vlr_from_hlr.ProvideSubscriberInfo',
      'map.scp_to_hlr.AnyTimeInterrogation', 'map.scp_to_hlr.SendRoutingInfo', 'map.scp_to_hlr.ProcessUnstructuredSSRequestResult',
      'map.scp_to_hlr.UnstructuredSSRequest', 'map.scp_from_hlr.AnyTimeInterrogationResult', 'map.scp_from_hlr.SendRoutingInfoResult',
      'map.scp_from_hlr.ProcessUnstructuredSSRequest', 'map.scp_from_hlr.UnstructuredSSRequestResult', 'map.smsc_to_hlr.SendRoutingInfoForSM',
      'map.smsc_to_msc.MtForwardSM', 'map.smsc_from_hlr.SendRoutingInfoForSMResult', 'map.smsc_from_msc.MtForwardSMResult',
      'map.hlr_to_scp.AnyTimeInterrogationError', 'map.scp_from_hlr.AnyTimeInterrogationError', 'tcap.hlr_to_scp.Abort', 'tcap.smsc_from_msc.Abort',
    ];
    assert.deepEqual(wanted.filter((t) => !types.has(t)), []);
  });
  test('one type per message and role pair, each with its argument schema and source row', () => {
    // every message of the table, and one Abort per segment (a role pair's two directions: role_to_peer, role_from_peer)
    assert.equal(ops.filter((o) => !o.type.endsWith('.Register')).length, mapFamily.entries.length + mapFamily.segments.length);
    assert.equal(new Set(ops.map((o) => o.type)).size, ops.length);
    for (const o of ops) assert.ok(o.source && typeof o.arguments === 'object', o.type);
    const err = ops.find((o) => o.type === 'map.hlr_to_scp.AnyTimeInterrogationError')!;
    assert.deepEqual((err.arguments as { required: string[] }).required, ['errorCode']);
    const pussr = ops.find((o) => o.type === 'map.hlr_to_scp.ProcessUnstructuredSSRequest')!.arguments as { properties: Record<string, unknown> };
    for (const k of ['ussdString_text', 'ussdDataCodingScheme_group', 'ussdDataCodingScheme_language', 'msisdn_digits', 'tcap_ac', 'tcap']) assert.ok(k in pussr.properties, k);
    const ati = ops.find((o) => o.type === 'map.hlr_from_scp.AnyTimeInterrogation')!.arguments as { properties: Record<string, unknown> };
    assert.ok('msisdn_digits' in ati.properties && 'imsi_digits' in ati.properties && 'subscriberIdentity' in ati.properties);
  });
  test('opcodes and the forwardSM split by context version (TS 29.002; Wireshark gsm_old localValue)', () => {
    const code = (n: string) => Object.fromEntries(Object.entries(MAP_OPERATIONS.find((o) => o.name === n)!.versions).map(([v, d]) => [v, d.opcode]));
    assert.deepEqual(code('AnyTimeInterrogation'), { 3: 71 });
    assert.deepEqual(code('SendRoutingInfo'), { 1: 22, 2: 22, 3: 22 });
    assert.deepEqual(code('SendRoutingInfoForSM'), { 1: 45, 2: 45, 3: 45 });
    assert.deepEqual(code('MtForwardSM'), { 1: 46, 2: 46, 3: 44 });
    assert.deepEqual(code('MoForwardSM'), { 1: 46, 2: 46, 3: 46 });
    assert.deepEqual([code('ProcessUnstructuredSSRequest'), code('UnstructuredSSRequest'), code('UnstructuredSSNotify'), code('ProvideSubscriberInfo')], [{ 2: 59 }, { 2: 60 }, { 2: 61 }, { 3: 70 }]);
    assert.equal(operationOf(46, 'shortMsgMT-RelayContext', 2)?.name, 'MtForwardSM');
    assert.equal(operationOf(46, 'shortMsgMO-RelayContext', 2)?.name, 'MoForwardSM');
    assert.equal(operationOf(44, undefined, undefined)?.name, 'MtForwardSM');
    assert.equal(operationOf(46, undefined, undefined)?.name, 'MoForwardSM');
    // asked again (answers are remembered per opcode, context and version): the same answers
    assert.equal(operationOf(46, 'shortMsgMT-RelayContext', 2)?.name, 'MtForwardSM');
    assert.equal(operationOf(46, undefined, undefined)?.name, 'MoForwardSM');
    assert.equal(operationOf(9999, 'shortMsgMT-RelayContext', 2), undefined);
    assert.equal(operationOf(9999, 'shortMsgMT-RelayContext', 2), undefined);
  });
  test('opcodes of the mobility and supplementary-service operations by version (TS 29.002 §17.5)', () => {
    const code = (n: string) => Object.fromEntries(Object.entries(MAP_OPERATIONS.find((o) => o.name === n)!.versions).map(([v, d]) => [v, d.opcode]));
    const want: Record<string, Record<string, number>> = {
      UpdateLocation: { 1: 2, 2: 2, 3: 2 }, CancelLocation: { 1: 3, 2: 3, 3: 3 }, ProvideRoamingNumber: { 2: 4, 3: 4 }, InsertSubscriberData: { 2: 7, 3: 7 },
      DeleteSubscriberData: { 2: 8, 3: 8 }, RegisterSS: { 2: 10 }, EraseSS: { 2: 11 }, ActivateSS: { 2: 12 }, DeactivateSS: { 2: 13 }, InterrogateSS: { 2: 14 },
      UpdateGprsLocation: { 3: 23 }, Reset: { 1: 37, 2: 37, 3: 37 }, CheckIMEI: { 1: 43, 2: 43, 3: 43 }, SendAuthenticationInfo: { 2: 56, 3: 56 }, RestoreData: { 2: 57, 3: 57 },
      SendIMSI: { 2: 58 }, PurgeMS: { 2: 67, 3: 67 },
    };
    for (const [n, codes] of Object.entries(want)) assert.deepEqual(code(n), codes, n);
    // restoreData shares networkLocUpContext with updateLocation; insertSubscriberData also runs in its dialogue
    assert.equal(operationOf(57, 'networkLocUpContext', 3)?.name, 'RestoreData');
    assert.equal(operationOf(7, 'networkLocUpContext', 3)?.name, 'InsertSubscriberData');
    assert.ok(types.has('map.vlr_to_hlr.UpdateLocation') && types.has('map.hlr_from_sgsn.UpdateGprsLocation') && types.has('map.eir_from_msc.CheckIMEI'));
    assert.ok(types.has('map.vlr_to_hlr.ProcessUnstructuredSSRequest') && types.has('map.hlr_to_vlr.InsertSubscriberData') && types.has('map.sgsn_from_hlr.CancelLocationResult') === false);
  });
  test('the SMS delivery chain, SRI from the GMSC, the gsmSCF\'s subscription management: opcodes by version, role pairs', () => {
    const code = (n: string) => Object.fromEntries(Object.entries(mapOperation(n)!.versions).map(([v, d]) => [v, d.opcode]));
    assert.deepEqual(code('ReportSMDeliveryStatus'), { 1: 47, 2: 47, 3: 47 });
    assert.deepEqual(code('InformServiceCentre'), { 2: 63, 3: 63 });
    // v1 alertServiceCentreWithoutResult (49), v2 alertServiceCentre (64)
    assert.deepEqual(code('AlertServiceCentre'), { 1: 49, 2: 64 });
    assert.deepEqual(code('ReadyForSM'), { 2: 66, 3: 66 });
    assert.deepEqual([code('AnyTimeSubscriptionInterrogation'), code('AnyTimeModification'), code('NoteSubscriberDataModified')], [{ 3: 62 }, { 3: 65 }, { 3: 5 }]);
    assert.equal(operationOf(49, 'shortMsgAlertContext', 1)?.name, 'AlertServiceCentre');
    assert.equal(operationOf(63, 'shortMsgGatewayContext', 3)?.name, 'InformServiceCentre');
    assert.equal(operationOf(5, 'subscriberDataModificationNotificationContext', 3)?.name, 'NoteSubscriberDataModified');
    for (const t of [
      'map.gmsc_to_hlr.SendRoutingInfo', 'map.hlr_from_gmsc.SendRoutingInfo', 'map.gmsc_from_hlr.SendRoutingInfoResult', 'map.smsc_to_hlr.ReportSMDeliveryStatus',
      'map.hlr_to_smsc.InformServiceCentre', 'map.smsc_from_hlr.AlertServiceCentre', 'map.vlr_to_hlr.ReadyForSM', 'map.sgsn_to_hlr.ReadyForSM',
      'map.scp_to_hlr.AnyTimeSubscriptionInterrogation', 'map.hlr_to_scp.AnyTimeModificationResult', 'map.hlr_to_scp.NoteSubscriberDataModified',
      'map.scp_from_hlr.NoteSubscriberDataModified', 'map.hlr_from_gmsc.Register',
    ]) assert.ok(types.has(t), t);
    assert.equal(resolveAc('nsdm3')?.oid, '0.4.0.0.1.0.22.3');
    assert.equal(resolveAc(defaultAc(mapOperation('AnyTimeModification')!))?.oid, '0.4.0.0.1.0.43.3');
    assert.equal(resolveAc('reset3')?.oid, '0.4.0.0.1.0.10.3');
  });
  test('forwardSM v1 runs in shortMsgRelayContext-v1 (arc 21) for MO and MT; a Begin of it is routed to either', () => {
    const mo = mapOperation('MoForwardSM')!;
    const mt = mapOperation('MtForwardSM')!;
    assert.equal(resolveAc(defaultAc(mt, 1))?.oid, '0.4.0.0.1.0.21.1');
    assert.equal(resolveAc(defaultAc(mt, 2))?.oid, '0.4.0.0.1.0.25.2');
    assert.deepEqual(operationsOf(46, 'shortMsgMO-RelayContext', 1).map((o) => o.name), ['MoForwardSM', 'MtForwardSM']);
    assert.deepEqual(operationsOf(46, 'shortMsgMO-RelayContext', 2).map((o) => o.name), ['MoForwardSM']);
    // a dialogue in the MO context v1 runs MT in v1; in the MO context v2 MT keeps its own default (the codec refuses a mismatch by name)
    assert.equal(versionIn(mt, { context: 'shortMsgMO-RelayContext', version: 1 }), 1);
    assert.equal(versionIn(mt, { context: 'shortMsgMO-RelayContext', version: 2 }), undefined);
    assert.equal(versionIn(mo, { context: 'shortMsgMO-RelayContext', version: 1 }), 1);
    assert.equal(versionIn(mt, { context: 'shortMsgMT-RelayContext', version: 1 }), 1, 'its own context: the version as the AC says');
    const begin = (ac: string): TcapMessage => ({
      kind: 'begin', ac: resolveAc(ac), components: [{ type: 'invoke', invokeId: 1, opcode: 46, argument: encodeMessage(mt, 'invoke', 1, INVOKES.MtForwardSM!) }],
    }) as unknown as TcapMessage;
    const keys = mapRouter.keys(begin('mo_sms1'));
    assert.deepEqual(keys.filter((k) => !k.includes('|')), ['map:MtForwardSM', 'map:MoForwardSM'], 'the opening operation (MO by opcode) last');
    assert.ok(keys.includes('map:MtForwardSM|imsi:262011234567890'), keys.join(' '));
    assert.deepEqual(mapRouter.keys(begin('mo_sms2')).filter((k) => !k.includes('|')), ['map:MoForwardSM']);
  });
  test('the MAP context of each operation\'s AC in each of its versions; none for a non-MAP AC', () => {
    for (const op of MAP_OPERATIONS) {
      for (const v of Object.keys(op.versions).map(Number)) {
        const ac = resolveAc(defaultAc(op, v));
        assert.deepEqual(mapContextOf(ac), { context: op.versions[v]!.context ?? op.context, version: v }, `${op.name} v${v}`);
        assert.equal(mapContextOf(ac), mapContextOf(ac), 'the same answer object for the same AC');
      }
    }
    assert.equal(mapContextOf(resolveAc('0.4.0.0.1.0.50.1')), undefined, 'a CAP context');
    assert.equal(mapContextOf(resolveAc('1.2.3.4')), undefined);
    assert.equal(mapContextOf(null), undefined);
  });
  test('error codes of the issue', () => {
    assert.deepEqual(
      ['unknownSubscriber', 'absentSubscriber', 'absentSubscriberSM', 'systemFailure', 'dataMissing', 'unexpectedDataValue', 'facilityNotSupported', 'callBarred', 'ati-NotAllowed'].map((n) => MAP_ERRORS[n]),
      [1, 27, 6, 34, 35, 36, 21, 13, 49],
    );
    for (const op of MAP_OPERATIONS) for (const e of op.errors) assert.ok(MAP_ERRORS[e] !== undefined, `${op.name}: ${e}`);
  });
});
