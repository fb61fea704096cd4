// The SCCP addresses of a gateway's dialogues (plugins/sigtran/gateway/addresses.ts): the called address of a run's
// `scp` parameter, and a new dialogue's addresses, encodings and point codes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DialogueAddresses, calledFromScp } from '../../../../plugins/sigtran/gateway/addresses.js';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { SigtranError } from '../../../../plugins/sigtran/api.js';

describe('called address from the ExecuteTest scp object', () => {
  test('dri defaults to 1 when dpc and dssn are both given, otherwise 0', () => {
    assert.deepEqual(calledFromScp({ dpc: 5, dssn: 146 }), { ri: 'ssn', pc: 5, ssn: 146 });
    assert.deepEqual(calledFromScp({ dssn: 146, dgt_digits: '123' }), { ri: 'gt', ssn: 146, gt: { gti: 4, digits: '123', tt: 0, np: 1, nai: 4 } });
    assert.deepEqual(calledFromScp({ dpc: 5, dssn: 146, dgt_digits: '1', dgt_tt: 2, dgt_np: 6, dgt_noa: 3, dri: 0 }), {
      ri: 'gt',
      pc: 5,
      ssn: 146,
      gt: { gti: 4, digits: '1', tt: 2, np: 6, nai: 3 },
    });
    assert.deepEqual(calledFromScp(undefined, { ri: 'ssn', pc: 9, ssn: 241 }), { ri: 'ssn', pc: 9, ssn: 241 });
    assert.deepEqual(calledFromScp({ dssn: 146 }, { pc: 9, ssn: 241 }), { ri: 'ssn', pc: 9, ssn: 146 });
    assert.throws(() => calledFromScp({ dssn: 146 }), /routes on GT .* has no global title/);
    assert.throws(() => calledFromScp({}), /no SCP address/);
    assert.throws(() => calledFromScp({ dpc: 1, dri: 1 }), /no scp.dssn/);
  });
});

describe('a new dialogue\'s addresses', () => {
  const config = normalizeInstance({ name: 'GW', transport: 'memory', opc: 100, dpc: 1, ssn: 146, gt: { gti: 4, digits: '4917100001' } });

  test('ours: routed on GT when the instance has one, encoded once', () => {
    const a = new DialogueAddresses(config);
    assert.deepEqual(a.local, { ri: 'gt', pc: 100, ssn: 146, gt: config.gt });
    const setup = a.outbound({ scp: { dpc: 200, dssn: 8 } });
    assert.deepEqual(setup.ends.localEnc, encodeAddress(a.local));
    assert.equal(setup.ends.local, a.local);
    assert.deepEqual([setup.state, setup.ac, setup.ends.opc], ['idle', null, 100]);
    const ssnOnly = new DialogueAddresses(normalizeInstance({ name: 'GW2', transport: 'memory', opc: 7, ssn: 8 }));
    assert.deepEqual(ssnOnly.local, { ri: 'ssn', pc: 7, ssn: 8 });
  });

  test('the DPC: the called PC when routing on SSN, else the instance\'s (the STP)', () => {
    const a = new DialogueAddresses(config);
    assert.equal(a.outbound({ scp: { dpc: 200, dssn: 8 } }).ends.dpc, 200);
    assert.equal(a.outbound({ scp: { dpc: 200, dssn: 8, dgt_digits: '49', dri: 0 } }).ends.dpc, 1);
    assert.equal(a.outbound({ called: { ri: 'ssn', ssn: 8 } }).ends.dpc, 1, 'routed on SSN without a PC');
  });

  test('one called address, encoding and ends per scp parameter object; an explicit called or calling address is its own', () => {
    const a = new DialogueAddresses(config);
    const scp = { dpc: 200, dssn: 8 };
    const first = a.outbound({ scp }).ends;
    const again = a.outbound({ scp }).ends;
    assert.equal(again, first, 'the dialogues to one scp share their ends');
    assert.equal(again.remoteEnc, first.remoteEnc);
    assert.notEqual(a.outbound({ scp: { dpc: 200, dssn: 8 } }).ends.remote, first.remote, 'another object: made again');
    const calling = { ri: 'ssn' as const, pc: 300, ssn: 9 };
    const own = a.outbound({ scp, calling }).ends;
    assert.notEqual(own, first);
    assert.deepEqual([own.local, own.opc, own.remote], [calling, 300, first.remote]);
    assert.deepEqual(own.localEnc, encodeAddress(calling));
  });

  test('an address that cannot be encoded is an encode error; so is no address; a bad local address stops the instance', () => {
    const a = new DialogueAddresses(config);
    assert.throws(() => a.outbound({ called: { ri: 'ssn', pc: 1 << 20, ssn: 8 } }), (e: unknown) => e instanceof SigtranError && e.kind === 'encode' && e.message.startsWith('bad SCCP address: '));
    assert.throws(() => a.outbound({}), (e: unknown) => e instanceof SigtranError && e.kind === 'encode' && /no SCP address/.test(e.message));
    assert.throws(() => new DialogueAddresses({ ...config, opc: 1 << 20 }), /sigtran instance 'GW': bad local address: /);
  });
});
