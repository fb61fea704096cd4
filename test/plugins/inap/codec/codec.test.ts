import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeArg, decodeArg, expandDotted, CodecError } from '../../../../plugins/sigtran/codec/index.js';
import { argType, definedIn } from '../../../../plugins/inap/codec/args.js';
import { VARIANTS } from '../../../../plugins/inap/codec/variants.js';
import { OPCODES } from '../../../../plugins/inap/catalogue.js';
import { outboundFields, unknownArgument } from '../../../../plugins/inap/runtime/prepare-args.js';
import { getPath, looseEqual } from '../../../../plugins/sigtran/codec/index.js';
import { addFlags } from '../../../../plugins/inap/matching/rrbcsm.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';
import { sample, PACUI_RESULT } from '../fixtures/samples.js';

function leaves(o: Record<string, unknown>, prefix = '', out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  for (const [k, v] of Object.entries(o)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) leaves(v as Record<string, unknown>, p, out);
    else out.push([p, v]);
  }
  return out;
}

describe('round trip of every operation argument in every variant', () => {
  for (const v of VARIANTS) {
    for (const op of Object.keys(OPCODES)) {
      const at = argType(op, v);
      if (!at || !definedIn(op, v)) continue;
      test(`${op} (${v})`, () => {
        const s = sample(op, v);
        assert.ok(s, `no sample for ${op}`);
        const fields = outboundFields(op, v, s);
        assert.equal(unknownArgument(at, fields), undefined);
        const bytes = encodeArg(at, fields);
        const d = decodeArg(at, bytes);
        assert.ok(d.ok, d.ok ? '' : d.error);
        if (op === 'RequestReportBCSMEvent') addFlags(d.fields as never);
        for (const [path, want] of leaves(expandDotted(s))) {
          const got = getPath(d.fields, path);
          assert.ok(looseEqual(want, got), `${path}: sent ${JSON.stringify(want)}, decoded ${JSON.stringify(got)}`);
        }
        // the decoded form encodes to the same bytes (raw fields win over derived ones)
        const again = encodeArg(at, d.fields as never);
        assert.equal(toHex(again), toHex(bytes));
      });
    }
    test(`PromptAndCollectUserInformation result (${v})`, () => {
      const at = argType('PromptAndCollectUserInformation', v, true)!;
      const b = encodeArg(at, PACUI_RESULT);
      assert.equal(toHex(b), '8003002143');
      const d = decodeArg(at, b);
      assert.ok(d.ok);
      assert.equal(d.fields.digitsResponse_digits, '1234');
    });
  }
});

describe('variant differences', () => {
  test('ReleaseCall: a bare Cause (04 02 80 90) up to CAP v3, a CHOICE in CAP v4 whose first arm is the same', () => {
    for (const v of VARIANTS) assert.equal(toHex(encodeArg(argType('ReleaseCall', v)!, { initialCallSegment_cause: '16' })), '04028090');
    const d = decodeArg(argType('ReleaseCall', 'camel4')!, Uint8Array.from([0xa2, 0x06, 0x80, 0x02, 0x80, 0x91, 0xa1, 0x00]));
    assert.ok(d.ok);
    assert.equal((d.fields.allCallSegmentsWithExtension as Record<string, unknown>).allCallSegments_cause, 17);
  });
  test('ApplyCharging: CAP v2 releaseIfdurationExceeded is a SEQUENCE holding tone, CAP v3 a BOOLEAN', () => {
    const v2 = encodeArg(argType('ApplyCharging', 'camel2')!, { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 10, releaseIfdurationExceeded: { tone: true } } });
    const v3 = encodeArg(argType('ApplyCharging', 'camel3')!, { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 10, releaseIfdurationExceeded: true } });
    // 80 len [a0 len [80 01 0a] [a1 03 01 01 ff]]  vs  [a0 len [80 01 0a] [81 01 ff]]
    assert.match(toHex(v2), /a0..80010aa1030101ff$/);
    assert.match(toHex(v3), /a0..80010a8101ff$/);
  });
  test('ApplyChargingReport: CAP v2 names callActive, v3 legActive; each accepts the other', () => {
    const a2 = argType('ApplyChargingReport', 'camel2')!;
    const a3 = argType('ApplyChargingReport', 'camel3')!;
    const s = { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01', 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 5, 'timeDurationChargingResult.legActive': true };
    assert.equal(toHex(encodeArg(a2, s)), toHex(encodeArg(a3, s)));
    const d = decodeArg(a3, encodeArg(a3, s)).fields.timeDurationChargingResult as Record<string, unknown>;
    assert.equal(d.legActive, true);
    assert.equal(d.callActive, true);
  });
  test('InitialDP: CS-1 has no IMSI; CAP has no dialledDigits', () => {
    assert.equal(unknownArgument(argType('InitialDP', 'cs1'), { serviceKey: 1, iMSI_digits: '1' }), 'iMSI_digits');
    assert.equal(unknownArgument(argType('InitialDP', 'camel3'), { serviceKey: 1, dialledDigits_digits: '1' }), 'dialledDigits_digits');
    assert.equal(unknownArgument(argType('InitialDP', 'camel3'), { serviceKey: 1, iMSI_digits: '1' }), undefined);
  });
});

describe('encoding errors name the argument', () => {
  const idp = argType('InitialDP', 'camel3')!;
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing mandatory serviceKey', { eventTypeBCSM: 2 }, /serviceKey: missing/],
    ['serviceKey not an integer', { serviceKey: 'abc' }, /serviceKey: expected an integer/],
    ['bad hex', { serviceKey: 1, callingPartysCategory_hex: 'zz' }, /callingPartysCategory_hex: expected a hex string/],
    ['bad digits', { serviceKey: 1, calledPartyNumber_digits: '12x4' }, /calledPartyNumber_digits: digits "12x4"/],
    ['noa out of range', { serviceKey: 1, calledPartyNumber_digits: '1', calledPartyNumber_noa: 128 }, /calledPartyNumber_noa: must be an integer 0..127/],
    ['unknown enum name', { serviceKey: 1, eventTypeBCSM_name: 'oFoo' }, /eventTypeBCSM: unknown name "oFoo"/],
    ['choice with no known alternative', { serviceKey: 1, bearerCapability: { foo: 1 } }, /bearerCapability: give one of bearerCap/],
  ];
  for (const [name, args, re] of cases) {
    test(name, () => {
      assert.throws(() => encodeArg(idp, args), (e: unknown) => e instanceof CodecError && re.test(e.message));
    });
  }
  test('eventTypeBCSM by name and alias spellings', () => {
    const a = toHex(encodeArg(idp, { serviceKey: 1, eventTypeBCSM_name: 'analysedInformation' }));
    const b = toHex(encodeArg(idp, { serviceKey: 1, eventTypeBCSM: 'analyzedInformation' }));
    assert.equal(a, b);
    assert.equal(a, '30068001019c0103');
  });
});

describe('decoding bad bytes never throws', () => {
  test('truncated, wrong tag and random mutations give ok=false or a partial decode', () => {
    const at = argType('InitialDP', 'camel3')!;
    const good = encodeArg(at, outboundFields('InitialDP', 'camel3', sample('InitialDP', 'camel3')!));
    assert.equal(decodeArg(at, good.subarray(0, good.length - 3)).ok, false);
    assert.equal(decodeArg(at, Uint8Array.of(0x04, 0x01, 0x00)).ok, false);
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 2000; i++) {
      const b = Uint8Array.from(good);
      for (let k = 0; k < 3; k++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      const op = Object.keys(OPCODES)[i % Object.keys(OPCODES).length]!;
      const t = argType(op, VARIANTS[i % 4]!) ?? at;
      const r = decodeArg(t, b);
      assert.equal(typeof r.ok, 'boolean');
    }
  });
});
