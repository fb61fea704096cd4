import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeValue, encodeValue, octetsView, ValueError, type BaseType } from '../../../../plugins/diameter/codec/types.js';

// [type, JSON value, encoded hex, decoded value (when it differs from the input)]
const vectors: Array<[BaseType, unknown, string, unknown?]> = [
  ['OctetString', 'abc', '616263'],
  ['OctetString', { hex: '00ff10' }, '00ff10', '0x00ff10'],
  ['OctetString', '', ''],
  ['Integer32', -2, 'fffffffe'],
  ['Integer32', 2147483647, '7fffffff'],
  ['Integer64', -1, 'ffffffffffffffff'],
  ['Integer64', '-9223372036854775808', '8000000000000000'],
  ['Unsigned32', 4294967295, 'ffffffff'],
  ['Unsigned32', '2001', '000007d1', 2001],
  ['Unsigned64', 1099511627776, '0000010000000000'],
  ['Unsigned64', '18446744073709551615', 'ffffffffffffffff'],
  ['Float32', 1.5, '3fc00000'],
  ['Float64', -0.25, 'bfd0000000000000'],
  ['Address', '192.0.2.1', '0001c0000201'],
  ['Address', '2001:db8::1', '000220010db8000000000000000000000001'],
  ['Address', '::', '000200000000000000000000000000000000'],
  ['Address', '8/3331363132', '00083331363132'],
  ['Time', '2026-11-22T05:00:00Z', 'eeacf550'],
  ['Time', '1900-01-01T00:00:00Z', '00000000', '2036-02-07T06:28:16Z'],
  ['Time', '2040-01-01T00:00:00Z', '0754fd00'],
  ['UTF8String', 'grüße', '6772c3bc c39f65'.replace(/ /g, '')],
  ['DiameterIdentity', 'ocs.example.net', Buffer.from('ocs.example.net').toString('hex')],
  ['DiameterURI', 'aaa://ocs.example.net:3868;transport=tcp', Buffer.from('aaa://ocs.example.net:3868;transport=tcp').toString('hex')],
  ['Enumerated', 3, '00000003'],
  ['IPFilterRule', 'permit out ip from any to any', Buffer.from('permit out ip from any to any').toString('hex')],
];

describe('diameter base types: vectors and round trips', () => {
  for (const [type, value, hex, decoded] of vectors) {
    test(`${type} ${JSON.stringify(value)}`, () => {
      const b = encodeValue(type, value as never);
      assert.equal(b.toString('hex'), hex);
      assert.deepEqual(decodeValue(type, b), decoded === undefined ? value : decoded);
    });
  }

  test('Time accepts Unix seconds and decodes ISO', () => {
    const b = encodeValue('Time', 0);
    assert.equal(b.toString('hex'), (2208988800).toString(16));
    assert.equal(decodeValue('Time', b), '1970-01-01T00:00:00Z');
  });

  test('Float32 keeps single precision', () => {
    assert.equal(decodeValue('Float32', encodeValue('Float32', 0.1)), Math.fround(0.1));
  });
});

describe('diameter base types: bad values and bad bytes', () => {
  const badValues: Array<[BaseType, unknown, RegExp]> = [
    ['Integer32', 2147483648, /out of range/],
    ['Integer32', 1.5, /integer/],
    ['Unsigned32', -1, /out of range/],
    ['Unsigned64', 'abc', /integer/],
    ['Float64', 'x', /number/],
    ['Address', '300.1.1.1', /IPv4 or IPv6/],
    ['Address', 42, /string/],
    ['Time', 'yesterday', /ISO-8601/],
    ['DiameterIdentity', '', /FQDN/],
    ['DiameterIdentity', 'has space', /FQDN/],
    ['DiameterURI', 'http://x', /aaa:\/\//],
    ['UTF8String', { a: 1 }, /string/],
    ['OctetString', { hex: 'abc' }, /hex/],
    ['Grouped', 'x', /list of AVPs/],
  ];
  for (const [type, v, re] of badValues) {
    test(`encode ${type} ${JSON.stringify(v)} is refused`, () => {
      assert.throws(() => encodeValue(type, v as never), (e: unknown) => e instanceof ValueError && re.test((e as Error).message));
    });
  }
  const badBytes: Array<[BaseType, string, RegExp]> = [
    ['Unsigned32', '0000d1', /needs 4 bytes of data, got 3/],
    ['Integer64', '00000000', /needs 8 bytes/],
    ['Float32', '', /needs 4 bytes/],
    ['Time', '0000000000', /needs 4 bytes/],
    ['Address', '00', /at least 2/],
    ['Address', '0001c00002', /IPv4 Address needs 4 bytes/],
    ['Address', '0002c0000201', /IPv6 Address needs 16 bytes/],
    ['UTF8String', 'c328', /not valid UTF-8/],
  ];
  for (const [type, hex, re] of badBytes) {
    test(`decode ${type} from ${hex || '(empty)'} reports the fault`, () => {
      assert.throws(() => decodeValue(type, Buffer.from(hex, 'hex')), (e: unknown) => e instanceof ValueError && re.test((e as Error).message));
    });
  }

  test('OctetString view: text when printable, hex otherwise', () => {
    assert.equal(octetsView(Buffer.from('31612345678')), '31612345678');
    assert.equal(octetsView(Buffer.from([0, 1, 2])), '0x000102');
    assert.equal(octetsView(Buffer.from([0xc3, 0x28])), '0xc328');
    assert.equal(octetsView(Buffer.from('0x12')), '0x30783132');
  });
});
