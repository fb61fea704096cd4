// peerConfig applies the same defaults whether the schema validated the instance or not (the simulator and the
// tests build peers from plain objects): both come from PEER_DEFAULTS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ajv } from '../../../../core/validation/ajv.js';
import { PEER_DEFAULTS, peerConfig, peerOptionsSchema } from '../../../../plugins/diameter/peer/config.js';

test('a validated instance and a plain one give the same PeerConfig', () => {
  const validate = ajv.compile(peerOptionsSchema);
  for (const raw of [
    { name: 'A', origin_host: 'a.test', origin_realm: 'test' },
    { name: 'B', origin_host: 'b.test', origin_realm: 'test', mode: 'server', port: 0, applications: ['sh'], transport: 'sctp', sctp: {} },
  ]) {
    const validated: Record<string, unknown> = structuredClone(raw);
    assert.equal(validate(validated), true, JSON.stringify(validate.errors));
    assert.deepEqual(peerConfig(validated), peerConfig(raw));
  }
});

test('the defaults: every one the schema writes is PEER_DEFAULTS\'s, and an option given as undefined takes its default', () => {
  const props = peerOptionsSchema.properties as unknown as Record<string, { default?: unknown }>;
  for (const [key, value] of Object.entries(props)) {
    if (value.default !== undefined) assert.deepEqual(value.default, PEER_DEFAULTS[key as keyof typeof PEER_DEFAULTS], key);
  }
  const c = peerConfig({ name: 'A', origin_host: 'a', origin_realm: 'b', port: undefined, watchdog_ms: undefined });
  assert.equal(c.port, 3868);
  assert.equal(c.watchdog_ms, 30000);
  assert.equal(c.request_timeout_ms, 10000);
  assert.deepEqual(c.applications, [{ id: 4, kind: 'auth', vendor: 0 }]);
});
