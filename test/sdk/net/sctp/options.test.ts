import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { checkSctpConfig, sctpSchema, socketOptions, type SctpConfig } from '../../../../sdk/net/sctp/options.js';
import { assertSameSchema, assertSameVerdicts, referenceSctpSchema } from '../../../helpers/option-schemas.js';

test('the schema takes the documented options with their bounds and refuses others', () => {
  const validate = new Ajv({ useDefaults: true }).compile(sctpSchema);
  const ok = { backend: 'userland', localAddresses: ['10.0.0.1'], remoteAddresses: ['10.0.1.1', '::1'], outStreams: 17, inStreams: 17, maxInitAttempts: 4, rtoInitialMs: 200, rtoMinMs: 100, rtoMaxMs: 1000, heartbeatIntervalMs: 0, pathMaxRetrans: 2, assocMaxRetrans: 4 };
  assert.equal(validate(ok), true, JSON.stringify(validate.errors));
  const withDefault: Record<string, unknown> = {};
  validate(withDefault);
  assert.equal(withDefault.backend, 'auto');
  for (const bad of [{ backend: 'tcp' }, { outStreams: 0 }, { inStreams: 65536 }, { localAddresses: Array.from({ length: 8 }, (_, i) => `10.0.0.${i}`) }, { rtoMinMs: 5 }, { streams: 2 }]) {
    assert.equal(validate(bad), false, JSON.stringify(bad));
  }
});

test('addresses must be IP literals and the RTO bounds in order; errors name the instance and the option', () => {
  assert.doesNotThrow(() => checkSctpConfig({ localAddresses: ['127.0.0.1', '::1'], rtoMinMs: 100, rtoInitialMs: 200, rtoMaxMs: 300 }, 'x'));
  assert.throws(() => checkSctpConfig({ remoteAddresses: ['10.0.0.1', 'stp.example'] }, "sigtran instance 'A'.sctp"), {
    message: "sigtran instance 'A'.sctp.remoteAddresses[1]: 'stp.example' is not an IPv4 or IPv6 address (SCTP binds and connects to addresses, not names)",
  });
  assert.throws(() => checkSctpConfig({ rtoMinMs: 500, rtoMaxMs: 100 }, 'p.sctp'), { message: 'p.sctp: rtoMinMs 500 is above rtoMaxMs 100' });
  assert.throws(() => checkSctpConfig({ rtoInitialMs: 50, rtoMinMs: 100 }, 'p.sctp'), { message: 'p.sctp: rtoInitialMs 50 is below rtoMinMs 100' });
});

test('socket options: the config over the protocol defaults, buffers sized for bursts', () => {
  assert.deepEqual(socketOptions({ backend: 'auto', outStreams: 4, heartbeatIntervalMs: 0 }, { outStreams: 17, inStreams: 17 }), {
    sendBuffer: 4 << 20,
    receiveBuffer: 4 << 20,
    outStreams: 4,
    inStreams: 17,
    heartbeatIntervalMs: 0,
  });
});

test('sctpSchema, declared with TypeBox, is the hand-written schema it replaced and gives the same verdicts', () => {
  assertSameSchema(sctpSchema, referenceSctpSchema);
  const good = [{}, { backend: 'kernel', localAddresses: ['10.0.0.1'], outStreams: '17', heartbeatIntervalMs: 0 }];
  const bad = [{ backend: 'tcp' }, { localAddresses: ['10.0.0.1', '10.0.0.1'] }, { remoteAddresses: ['1'] }, { rtoMaxMs: 9 }, { streams: 2 }];
  assertSameVerdicts(sctpSchema, referenceSctpSchema, good, bad);
  const typed: SctpConfig = { backend: 'userland', outStreams: 2 };
  // @ts-expect-error the type is the schema's: backend is one of its enum
  const wrong: SctpConfig = { backend: 'tcp' };
  void [typed, wrong];
});
