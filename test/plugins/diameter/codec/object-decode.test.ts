import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { decodeObject } from '../../../../plugins/diameter/codec/object-decode.js';
import { decodeView, encodeItems, toObject } from '../../../../plugins/diameter/codec/view.js';
import { encodeAvps, readAvps } from '../../../../plugins/diameter/codec/avp.js';

const dict = new Dictionary();

/** The object form and its faults both ways: straight from the raw AVPs, and through the trace view. */
function bothWays(bytes: Buffer) {
  const avps = readAvps(bytes, 0, bytes.length, 20);
  const errors: string[] = [];
  const viewErrors: string[] = [];
  return { direct: decodeObject(dict, avps, errors), errors, viaView: toObject(decodeView(dict, avps, viewErrors)), viewErrors };
}

/** One AVP header (no vendor) with `data`, padded. */
const avp = (code: number, flags: number, data: Buffer) => {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(code, 0);
  h.writeUInt32BE(((flags << 24) | (8 + data.length)) >>> 0, 4);
  return Buffer.concat([h, data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
};

describe('diameter object decode', () => {
  test('values, Grouped AVPs and repeated AVPs as toObject(decodeView()) makes them', () => {
    const bytes = encodeAvps(encodeItems(dict, [
      { name: 'Result-Code', value: 2001 },
      { name: 'CC-Request-Type', value: 'TERMINATION_REQUEST' },
      { name: 'Multiple-Services-Credit-Control', value: { 'Granted-Service-Unit': { 'CC-Time': 60 }, 'Rating-Group': 7, 'Result-Code': 2001 } },
      { name: 'Multiple-Services-Credit-Control', value: { 'Rating-Group': 8 } },
      { name: 'Multiple-Services-Credit-Control', value: { 'Rating-Group': 9 } },
      { name: 'AVP-99999', hex: '0102' },
      { name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Data', value: 'a' }, { name: 'Subscription-Id-Data', value: 'b' }] },
    ] as never, 'avps'));
    const r = bothWays(bytes);
    assert.deepEqual(r.direct, r.viaView);
    assert.deepEqual(r.direct['Multiple-Services-Credit-Control'], [
      { 'Granted-Service-Unit': { 'CC-Time': 60 }, 'Rating-Group': 7, 'Result-Code': 2001 }, { 'Rating-Group': 8 }, { 'Rating-Group': 9 },
    ]);
    assert.equal(r.direct['AVP-99999'], '0x0102');
    assert.deepEqual(r.errors, []);
  });

  test('value faults and broken Grouped framing: hex values and the same fault texts; none inside a Failed-AVP', () => {
    const bytes = Buffer.concat([
      avp(268, 0x40, Buffer.from([1, 2])), // Result-Code (Unsigned32) of 2 bytes
      avp(456, 0x40, Buffer.from([0, 0, 0, 1, 0, 0, 0, 99])), // MSCC whose inner AVP runs past its end
      avp(279, 0x40, avp(415, 0x40, Buffer.from([9]))), // Failed-AVP holding a bad CC-Request-Number
    ]);
    const r = bothWays(bytes);
    assert.deepEqual(r.direct, r.viaView);
    assert.deepEqual(r.errors, r.viewErrors);
    assert.equal(r.errors.length, 2);
    assert.match(r.errors[0]!, /^AVP Result-Code \(268\) at offset 20: /);
    assert.match(r.errors[1]!, /^in Grouped AVP Multiple-Services-Credit-Control \(456\): /);
    assert.equal(r.direct['Result-Code'], '0x0102');
    assert.deepEqual(r.direct['Failed-AVP'], { 'CC-Request-Number': '0x09' });
  });
});
