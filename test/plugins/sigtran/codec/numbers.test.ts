import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { calledNumber, callingNumber, cause, genericNumber, genericDigits, addressString, tbcd, cgi, lai, suffixKeys, type NumberFormat } from '../../../../plugins/sigtran/codec/index.js';
import { toHex, fromHex } from '../../../../plugins/sigtran/ber/index.js';

const enc = (f: NumberFormat, v: Record<string, unknown>) => {
  const r = f.encode((s) => v[s]);
  assert.ok(typeof r !== 'string', String(r));
  return toHex(r as Uint8Array);
};
const dec = (f: NumberFormat, hex: string) => {
  const out: Record<string, unknown> = {};
  const ok = f.decode(fromHex(hex), 'x', out);
  return { ok, out };
};

describe('Q.763 called party number', () => {
  test('international, even digit count (protocols.md §1.6 vector)', () => {
    assert.equal(enc(calledNumber, { digits: '4917100001', noa: 4 }), '04109471010010');
  });
  test('international, odd digit count sets the odd bit and a 0 filler', () => {
    assert.equal(enc(calledNumber, { digits: '491710001', noa: 4 }), '84109471010001');
  });
  test('defaults: noa 2 (unknown), inn 0, npi 1', () => {
    assert.equal(enc(calledNumber, { digits: '12' }), '021021');
  });
  test('inn and npi bits', () => {
    assert.equal(enc(calledNumber, { digits: '12', noa: 3, inn: 1, npi: 4 }), '03c021');
  });
  test('decode gives digits, noa, inn, npi', () => {
    assert.deepEqual(dec(calledNumber, '84109471010001').out, { x_noa: 4, x_inn: 0, x_npi: 1, x_digits: '491710001' });
  });
  test('hex digits B, C and F (ST) round trip', () => {
    const h = enc(calledNumber, { digits: '12BCF' });
    assert.equal(dec(calledNumber, h).out.x_digits, '12BCF');
  });
  test('bad digit and out-of-range noa are errors, not exceptions', () => {
    assert.match(String(calledNumber.encode((s) => ({ digits: '12x' } as Record<string, unknown>)[s])), /digits/);
    assert.match(String(calledNumber.encode((s) => ({ digits: '12', noa: 300 } as Record<string, unknown>)[s])), /_noa/);
  });
  test('too short to decode', () => {
    assert.equal(dec(calledNumber, '04').ok, false);
  });
  test('digit spellings: lower-case a-f as A-F, * as B, # as C; any other character (non-ASCII too) is refused naming it', () => {
    assert.equal(enc(calledNumber, { digits: '0a*#f9' }), enc(calledNumber, { digits: '0ABCF9' }));
    for (const bad of ['12 3', '1g', '١٢', '1😀', '+49']) {
      assert.equal(calledNumber.encode((s) => ({ digits: bad } as Record<string, unknown>)[s]), `_digits: digits "${bad}" hold a character other than 0-9, A-F, * or #`);
    }
    assert.equal(calledNumber.encode((s) => ({ digits: 'x', noa: 300 } as Record<string, unknown>)[s]), `_digits: digits "x" hold a character other than 0-9, A-F, * or #`, 'the first problem in field order');
    assert.equal(callingNumber.encode((s) => ({ digits: '1', pri: 9, si: 7 } as Record<string, unknown>)[s]), '_pri: must be an integer 0..3');
  });
});

describe('Q.763 calling party number', () => {
  test('international, presentation allowed, network provided (protocols.md vector)', () => {
    assert.equal(enc(callingNumber, { digits: '4917100001', noa: 4, pri: 0, si: 3 }), '04139471010010');
  });
  test('_inn is accepted for the NI bit and decode reports both', () => {
    const h = enc(callingNumber, { digits: '1', inn: 1 });
    assert.equal(h, '8293' + '01');
    const d = dec(callingNumber, h).out;
    assert.equal(d.x_ni, 1);
    assert.equal(d.x_inn, 1);
    assert.equal(d.x_si, 3);
  });
});

describe('Q.850 cause (ISUP layout)', () => {
  test('normal clearing, location user: 80 90', () => {
    assert.equal(enc(cause, { cause: 16 }), '8090');
  });
  test('numeric strings accepted (the spec sends "16")', () => {
    assert.equal(enc(cause, { cause: '17', location: 2 }), '8291');
  });
  test('decode', () => {
    assert.deepEqual(dec(cause, '849f').out, { x_standard: 0, x_location: 4, x_cause: 31 });
  });
  test('with octet 1a (ext bit clear) the cause is the third octet', () => {
    assert.equal(dec(cause, '0481' + '95').out.x_cause, 21);
  });
  test('cause out of range', () => {
    assert.match(String(cause.encode((s) => ({ cause: 200 } as Record<string, unknown>)[s])), /_cause/);
  });
});

describe('Generic number and generic digits', () => {
  test('generic number: qualifier octet first', () => {
    assert.equal(enc(genericNumber, { digits: '1234', nqi: 0 }), '00021021' + '43');
    assert.deepEqual(dec(genericNumber, '0003101234').out.x_digits, '2143');
  });
  test('generic digits: BCD even/odd scheme from the count', () => {
    assert.equal(enc(genericDigits, { digits: '1234' }), '002143');
    assert.equal(enc(genericDigits, { digits: '123' }), '202103');
    assert.deepEqual(dec(genericDigits, '202103').out, { x_scheme: 1, x_type: 0, x_digits: '123' });
  });
  test('generic digits IA5 scheme', () => {
    assert.equal(enc(genericDigits, { digits: 'AB', scheme: 2 }), '404142');
    assert.equal(dec(genericDigits, '404142').out.x_digits, 'AB');
  });
});

describe('GSM AddressString and TBCD', () => {
  test('ISDN-AddressString: 91 + TBCD with F filler (protocols.md vector)', () => {
    assert.equal(enc(addressString, { digits: '491710001' }), '9194710100f1');
    assert.deepEqual(dec(addressString, '9194710100f1').out, { x_noa: 1, x_npi: 1, x_digits: '491710001' });
  });
  test('IMSI TBCD', () => {
    assert.equal(enc(tbcd, { digits: '26201' }), '6202f1');
    assert.equal(dec(tbcd, '6202f1').out.x_digits, '26201');
  });
});

describe('TS 24.008 MCC/MNC: cell global id and LAI (TS 29.002 fixed-length forms)', () => {
  const bad = (f: NumberFormat, v: Record<string, unknown>) => f.encode((s) => v[s]);
  test('2-digit MNC gets an F nibble: 262-02 is 62 f2 20 (TS 24.008 figure 10.5.3)', () => {
    assert.equal(enc(cgi, { mcc: '262', mnc: '02', lac: 0x1234, ci: 0xabcd }), '62f2201234abcd');
    assert.deepEqual(dec(cgi, '62f2201234abcd').out, { x_mcc: '262', x_mnc: '02', x_lac: 0x1234, x_ci: 0xabcd });
  });
  test('3-digit MNC: 310-410 is 13 00 14', () => {
    assert.equal(enc(lai, { mcc: '310', mnc: '410', lac: 1 }), '1300140001');
    assert.deepEqual(dec(lai, '1300140001').out, { x_mcc: '310', x_mnc: '410', x_lac: 1 });
  });
  test('wrong lengths decode to nothing; bad parts are named', () => {
    assert.equal(dec(cgi, '62f2201234').ok, false);
    assert.equal(dec(lai, '62f2201234abcd').ok, false);
    assert.match(String(bad(cgi, { mcc: '26', mnc: '02', lac: 1, ci: 1 })), /^_mcc: must be 3 digits/);
    assert.match(String(bad(cgi, { mcc: '262', mnc: '2', lac: 1, ci: 1 })), /^_mnc: must be 2 or 3 digits/);
    assert.match(String(bad(cgi, { mcc: '262', mnc: '02', lac: 70000, ci: 1 })), /^_lac: must be an integer 0..65535/);
    assert.match(String(bad(cgi, { mcc: '262', mnc: '02', lac: 1 })), /^_ci: missing/);
  });
});

describe('suffixKeys', () => {
  test('one object of keys per prefix, holding prefix_suffix for every suffix', () => {
    const k = suffixKeys(calledNumber.suffixes, 'calledPartyNumber');
    assert.equal(suffixKeys(calledNumber.suffixes, 'calledPartyNumber'), k);
    assert.deepEqual({ ...k }, { digits: 'calledPartyNumber_digits', noa: 'calledPartyNumber_noa', inn: 'calledPartyNumber_inn', npi: 'calledPartyNumber_npi' });
    assert.notEqual(suffixKeys(calledNumber.suffixes, 'other'), k);
  });

  test('two suffix lists under one prefix keep their own keys; suffix lists made per call are not kept without bound', () => {
    const a = suffixKeys(calledNumber.suffixes, 'shared');
    const b = suffixKeys(callingNumber.suffixes, 'shared');
    assert.notEqual(a, b);
    assert.equal(suffixKeys(calledNumber.suffixes, 'shared'), a);
    assert.equal(suffixKeys(callingNumber.suffixes, 'shared'), b);
    assert.deepEqual(Object.keys(b), callingNumber.suffixes);
    // fresh lists each time: each call answers rightly, and the prefix's chain stops growing (the first two stay)
    for (let i = 0; i < 100; i++) assert.equal(suffixKeys(['x'], 'shared').x, 'shared_x');
    assert.equal(suffixKeys(calledNumber.suffixes, 'shared'), a);
  });

  test('decoding into two prefixes gives each its own keys', () => {
    const out: Record<string, unknown> = {};
    assert.ok(calledNumber.decode(Uint8Array.of(0x04, 0x10, 0x21, 0x43), 'p', out));
    assert.ok(calledNumber.decode(Uint8Array.of(0x83, 0x10, 0x21, 0x03), 'q', out));
    assert.deepEqual(out, { p_noa: 4, p_inn: 0, p_npi: 1, p_digits: '1234', q_noa: 3, q_inn: 0, q_npi: 1, q_digits: '123' });
  });
});
