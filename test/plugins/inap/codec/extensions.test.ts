// The `extensions` field (plugins/inap/codec/extensions.ts): values typed by the run's `inap.extensions` map,
// unmapped types as hex, round trips through encodeArg/decodeArg, known byte vectors, errors, and tshark's view.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { CodecError, decodeArg, encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { extensionTypes } from '../../../../plugins/inap/codec/extensions.js';
import { INAP_CONTEXTS } from '../../../../plugins/inap/contexts.js';
import { needsTool } from '../../../helpers/tools.js';
import { tcapBegin, tsharkDecode } from '../helpers/tcap-wrap.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const TYPES = extensionTypes({ '400': 'OCTET STRING', '401': 'INTEGER', '402': 'IA5String', '403': 'BOOLEAN', '404': 'ENUMERATED', '405': 'UTF8String', '406': 'NULL', '1.2.3.4': 'INTEGER' })!;
const IDP = argType('InitialDP', 'camel3')!;
const opts = { extensions: TYPES };

describe('inap.extensions type map', () => {
  test('names are case- and blank-insensitive; unknown names and non-objects give no entry', () => {
    const m = extensionTypes({ '1': 'octet string', '2': 'OctetString', '3': 'ia5string', '4': 'REAL', '5': 7 })!;
    assert.deepEqual([...m.entries()], [['1', 'OCTET STRING'], ['2', 'OCTET STRING'], ['3', 'IA5String']]);
    assert.equal(extensionTypes('x'), undefined);
    assert.equal(extensionTypes(['OCTET STRING']), undefined);
    assert.equal(extensionTypes({ '9': 'REAL' }), undefined);
    const p = { '1': 'INTEGER' };
    assert.equal(extensionTypes(p), extensionTypes(p), 'parsed once per object');
  });
});

describe('extensions: encode and decode with the type map', () => {
  test('known vector: 400 OCTET STRING a1b2, 401 INTEGER 7 criticality abort', () => {
    const b = encodeArg(IDP, { serviceKey: 5, extensions: [{ type: 400, value: 'a1b2' }, { type: 401, criticality: 'abort', value: 7 }] }, opts);
    assert.equal(hex(b), '301f800105af1a' + '300a02020190a1040402a1b2' + '300c020201910a0101a103020107');
  });

  test('every mapped type round-trips to its JSON value and back to the same bytes', () => {
    const ext = [
      { type: 400, criticality: 0, value: 'a1b2c3' },
      { type: 401, criticality: 1, value: -300 },
      { type: 402, criticality: 0, value: 'hello' },
      { type: 403, criticality: 0, value: true },
      { type: 404, criticality: 0, value: 3 },
      { type: 405, criticality: 0, value: 'grüße' },
      { type: 406, criticality: 0, value: 1 },
      { type: '1.2.3.4', criticality: 0, value: 42 },
    ];
    const b = encodeArg(IDP, { serviceKey: 5, extensions: ext }, opts);
    const d = decodeArg(IDP, b, opts);
    assert.ok(d.ok);
    const got = d.fields.extensions as Array<Record<string, unknown>>;
    assert.deepEqual(got.map((e) => ({ type: e.type, criticality: e.criticality, value: e.value })), ext);
    assert.equal(got[0]!.value_hex, '0403a1b2c3');
    assert.equal(got[1]!.value_hex, '0202fed4');
    assert.equal(got[5]!.value_hex, '0c07' + Buffer.from('grüße', 'utf8').toString('hex'));
    assert.equal(got[6]!.value_hex, '0500');
    const raw = d.fields.extensions_hex as string;
    assert.ok(raw.startsWith('300b02020190a105') && hex(b).endsWith(raw), raw);
    // the decoded form encodes to the same bytes (value_hex wins), and so does the typed form without value_hex
    assert.equal(hex(encodeArg(IDP, d.fields, opts)), hex(b));
    assert.equal(hex(encodeArg(IDP, { serviceKey: 5, extensions: got.map(({ value_hex: _x, ...e }) => e) }, opts)), hex(b));
  });

  test('without the map (or for an unmapped type) values stay hex: the whole TLV inside [1]', () => {
    const b = encodeArg(IDP, { serviceKey: 5, extensions: [{ type: 400, value: 'a1b2' }] }, opts);
    const d = decodeArg(IDP, b);
    assert.deepEqual(d.fields.extensions, [{ type: 400, value_hex: '0402a1b2', value: '0402a1b2', criticality: 0 }]);
    const d2 = decodeArg(IDP, b, { extensions: extensionTypes({ '999': 'INTEGER' }) });
    assert.equal((d2.fields.extensions as Array<Record<string, unknown>>)[0]!.value, '0402a1b2');
    // an unmapped type encodes from hex of a whole TLV, in `value` or `value_hex`
    assert.equal(hex(encodeArg(IDP, { serviceKey: 5, extensions: [{ type: 400, value: '0402a1b2' }] })), hex(b));
    assert.equal(hex(encodeArg(IDP, { serviceKey: 5, extensions: [{ type: 400, value_hex: '0402a1b2' }] })), hex(b));
  });

  test('a value whose tag does not fit the mapped type stays hex', () => {
    const b = encodeArg(IDP, { serviceKey: 5, extensions: [{ type: 401, value_hex: '0402a1b2' }] }, opts);
    const e = (decodeArg(IDP, b, opts).fields.extensions as Array<Record<string, unknown>>)[0]!;
    assert.equal(e.value, '0402a1b2');
  });

  test('the raw forms still work: extensions as hex of the SEQUENCE OF content, or extensions_hex', () => {
    const raw = '300a02020190a1040402a1b2';
    const b1 = encodeArg(IDP, { serviceKey: 5, extensions: raw });
    const b2 = encodeArg(IDP, { serviceKey: 5, extensions_hex: raw });
    assert.equal(hex(b1), '3011800105af0c' + raw);
    assert.equal(hex(b2), hex(b1));
    assert.equal(decodeArg(IDP, b1).fields.extensions_hex, raw);
  });

  test('nested extensions (CAP v4 ReleaseCall allCallSegmentsWithExtension, CS-1 RRBCSM) use the map too', () => {
    const rc = argType('ReleaseCall', 'camel4')!;
    const b = encodeArg(rc, { allCallSegmentsWithExtension: { allCallSegments_cause: 16, extensions: [{ type: 402, value: 'x' }] } }, opts);
    const d = decodeArg(rc, b, opts);
    assert.deepEqual((d.fields.allCallSegmentsWithExtension as Record<string, any>).extensions[0].value, 'x');
    const rr = argType('RequestReportBCSMEvent', 'cs1')!;
    const b2 = encodeArg(rr, { bcsmEvents: [{ eventTypeBCSM: 7, monitorMode: 1 }], extensions: [{ type: 403, value: false }] }, opts);
    assert.equal((decodeArg(rr, b2, opts).fields.extensions as Array<Record<string, unknown>>)[0]!.value, false);
  });

  test('encoding errors name the element', () => {
    const enc = (ext: unknown, o = opts) => () => encodeArg(IDP, { serviceKey: 5, extensions: ext }, o);
    assert.throws(enc([{ type: 777, value: 5 }]), (e: Error) => e instanceof CodecError && /extensions\[0\]: type 777 is not in inap.extensions; give value_hex/.test(e.message));
    assert.throws(enc([{ type: 400, value: 'zz' }]), (e: Error) => e instanceof CodecError && /extensions\[0\]\.value: expected a hex string/.test(e.message));
    assert.throws(enc([{ type: 401, value: 'abc' }]), (e: Error) => e instanceof CodecError && /extensions\[0\]\.value: expected an integer/.test(e.message));
    assert.throws(enc([{ type: 403, value: 'maybe' }]), (e: Error) => e instanceof CodecError && /extensions\[0\]\.value: expected a boolean/.test(e.message));
    assert.throws(enc([{ type: 400, value: 'a1', criticality: 7 }]), (e: Error) => e instanceof CodecError && /extensions\[0\]\.criticality/.test(e.message));
    assert.throws(enc([{ type: 'x.y', value: '00' }]), (e: Error) => e instanceof CodecError && /extensions\[0\]\.type: not an OBJECT IDENTIFIER/.test(e.message));
    assert.throws(enc(['00']), (e: Error) => e instanceof CodecError && /extensions\[0\]: expected an object/.test(e.message));
  });

  test('bad bytes inside the extensions: no throw, the hex and a readable error', () => {
    // ExtensionField whose [1] claims 9 octets but has 4
    const raw = '300a02020190a1090402a1b2';
    const d = decodeArg(IDP, Buffer.from('3011800105af0c' + raw, 'hex'), opts);
    assert.ok(d.ok);
    assert.equal(d.fields.extensions, raw);
    assert.equal(d.fields.extensions_hex, raw);
    assert.equal(typeof d.fields.extensions_error, 'string');
  });
});

describe('extensions decoded by tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  test('CAP v3 and CS-1 InitialDP with typed extensions: the codes, the criticality, the values', () => {
    const ext = [{ type: 400, value: 'a1b2' }, { type: 401, criticality: 1, value: 7 }, { type: 402, value: 'hi' }];
    const msgs = (['camel3', 'cs1'] as const).map((v) => tcapBegin(INAP_CONTEXTS.find((c) => c.names[0] === v)!.oid, [{ kind: 'invoke', invokeId: 1, opcode: 0, arg: encodeArg(argType('InitialDP', v)!, { serviceKey: 5, extensions: ext }, opts) }]));
    const r = tsharkDecode(msgs);
    assert.equal(r.expert, 0, 'no malformed packet or expert item');
    const [cap, cs1] = r.fields(['camel.extension_code_local', 'camel.criticality', 'inap.code.local', 'inap.criticality', 'data.data']) as [string[], string[]];
    assert.equal(cap[0], '400,401,402');
    assert.equal(cap[1], '1');
    assert.equal(cs1[2], '0,400,401,402'); // the opcode, then the extension codes
    assert.equal(cs1[3], '1');
    assert.equal(cs1[4], '0402a1b2,020107,16026869');
  });
});
