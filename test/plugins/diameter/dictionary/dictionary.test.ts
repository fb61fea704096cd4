import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary, DictionaryError, BUILTIN_SOURCES } from '../../../../plugins/diameter/dictionary/dictionary.js';

describe('diameter dictionaries', () => {
  const d = new Dictionary();

  test('every built-in AVP name and code+vendor is unique', () => {
    for (const src of BUILTIN_SOURCES) {
      const names = new Set<string>();
      const codes = new Set<string>();
      for (const [code, name, , flags, vendor] of src.avps) {
        const v = vendor ?? (flags.includes('V') ? src.vendorId ?? 0 : 0);
        assert.ok(!names.has(name), `${src.name}: ${name} twice`);
        assert.ok(!codes.has(`${v}:${code}`), `${src.name}: ${v}:${code} twice`);
        names.add(name);
        codes.add(`${v}:${code}`);
      }
    }
  });

  test('the families users need are there, with codes, vendors and types', () => {
    const want: Array<[string, number, number, string]> = [
      ['Session-Id', 263, 0, 'UTF8String'], ['Origin-Host', 264, 0, 'DiameterIdentity'], ['Redirect-Host', 292, 0, 'DiameterURI'],
      ['Host-IP-Address', 257, 0, 'Address'], ['Event-Timestamp', 55, 0, 'Time'], ['Failed-AVP', 279, 0, 'Grouped'],
      ['CC-Request-Type', 416, 0, 'Enumerated'], ['CC-Total-Octets', 421, 0, 'Unsigned64'], ['Value-Digits', 447, 0, 'Integer64'],
      ['Exponent', 429, 0, 'Integer32'], ['Multiple-Services-Credit-Control', 456, 0, 'Grouped'], ['Service-Context-Id', 461, 0, 'UTF8String'],
      ['Service-Information', 873, 10415, 'Grouped'], ['PS-Information', 874, 10415, 'Grouped'], ['IMS-Information', 876, 10415, 'Grouped'],
      ['SMS-Information', 2000, 10415, 'Grouped'], ['Reporting-Reason', 872, 10415, 'Enumerated'], ['Trigger', 1264, 10415, 'Grouped'],
      ['Quota-Holding-Time', 871, 10415, 'Unsigned32'], ['3GPP-Charging-Id', 2, 10415, 'Unsigned32'],
      ['User-Identity', 700, 10415, 'Grouped'], ['Data-Reference', 703, 10415, 'Enumerated'], ['Public-Identity', 601, 10415, 'UTF8String'],
    ];
    for (const [name, code, vendor, type] of want) {
      const a = d.avp(name);
      assert.ok(a, name);
      assert.deepEqual([a.code, a.vendorId, a.type], [code, vendor, type], name);
      assert.equal(d.avpByCode(code, vendor), a);
      assert.equal(!!(a.flags & 0x80), vendor !== 0, `${name} V flag`);
    }
  });

  test('commands by name, base name, abbreviation and code', () => {
    for (const n of ['CCR', 'cca', 'Credit-Control', 'Credit-Control-Request', '272', 272]) assert.equal(d.command(n as never)?.code, 272, String(n));
    assert.equal(d.command('UDR')?.applicationId, 16777217);
    assert.equal(d.command('RAR')?.applicationId, null);
    assert.equal(d.commandName(258, false), 'Re-Auth-Answer');
    assert.equal(d.commandAbbrev(306, true), 'UDR');
    assert.equal(d.commandName(9999, true), 'Command-9999-Request');
    assert.ok(d.isAnswerName('CCA'));
    assert.ok(!d.isAnswerName('CCR'));
    assert.equal(d.resultCodeName(5005), 'DIAMETER_MISSING_AVP');
    assert.equal(d.resultCodeName(5105, true), 'DIAMETER_ERROR_TRANSPARENT_DATA_OUT_OF_SYNC');
    assert.equal(d.resultCodeName(5001, true), 'DIAMETER_ERROR_USER_UNKNOWN');
    assert.equal(d.resultCodeName(5001), 'DIAMETER_AVP_UNSUPPORTED');
    assert.equal(d.resultCodeName(2001, true), 'DIAMETER_SUCCESS');
    assert.equal(d.resultCodeName(5105), undefined);
  });

  test('a site dictionary adds AVPs, enumerations, commands and applications', () => {
    const s = new Dictionary(undefined, [{
      vendors: { 99999: 'ACME' },
      applications: [{ id: 16777999, name: 'ACME Charging', vendor: 99999 }],
      commands: [{ name: 'Acme-Balance-Request', code: 9000, application_id: 16777999, abbreviations: ['ABR', 'ABA'] }],
      avps: [
        { name: 'Acme-Wallet', code: 1, vendor: 99999, type: 'Grouped' },
        { name: 'Acme-Balance-Type', code: 2, vendor: 99999, type: 'Enumerated', enum: { CASH: 0, BONUS: 1 } },
        { name: 'Acme-Note', code: 3, vendor: 99999, type: 'UTF8String', flags: 'V' },
      ],
    }]);
    const t = s.avp('Acme-Balance-Type')!;
    assert.deepEqual([t.code, t.vendorId, t.flags, s.enumValue(t, 'bonus')], [2, 99999, 0xc0, 1]);
    assert.equal(s.avp('Acme-Note')!.flags, 0x80);
    assert.equal(s.avpName(1, 99999), 'Acme-Wallet');
    assert.equal(s.command('ABA')?.code, 9000);
    assert.equal(s.application(16777999)?.vendorId, 99999);
  });

  const bad: Array<[object, RegExp]> = [
    [{ avps: [{ name: 'X', code: -1, type: 'Unsigned32' }] }, /avps\[0\] \(X\): code must be an unsigned 32-bit integer/],
    [{ avps: [{ name: 'X', code: 1, type: 'Bignum' }] }, /avps\[0\] \(X\): type must be one of OctetString/],
    [{ avps: [{ name: 'has space', code: 1, type: 'Unsigned32' }] }, /avps\[0\]: name must be/],
    [{ avps: [{ name: 'X', code: 1, type: 'Unsigned32', flags: 'Z' }] }, /flags: unknown AVP flag 'Z'/],
    [{ avps: [{ name: 'X', code: 1, type: 'Enumerated', enum: { A: 'x' } }] }, /enum must map names to integers/],
    [{ commands: [{ name: 'X', code: 1 << 24 }] }, /commands\[0\] \(X\): code must be an integer 0..16777215/],
  ];
  for (const [site, re] of bad) {
    test(`a bad site dictionary is refused: ${re.source.slice(0, 50)}`, () => {
      assert.throws(() => new Dictionary(undefined, [site as never]), (e: unknown) => e instanceof DictionaryError && re.test((e as Error).message));
    });
  }
});
