import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_CLIENT_DEFAULTS, HttpPool, httpClientSchemaProperties } from '../../../sdk/net/http-pool.js';
import { Type } from '../../../sdk/schema.js';
import { assertSameSchema, assertSameVerdicts, referenceHttpClientProperties } from '../../helpers/option-schemas.js';

test('HttpPool: lazy keep-alive pool, up until stopped, a new pool after a restart', async () => {
  const server = http.createServer((_req, res) => res.end('pong'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const p = new HttpPool(origin, { timeout_ms: 2000 }, 4);
  try {
    assert.equal(p.state(), 'up');
    assert.equal(p.timeoutMs, 2000);
    assert.equal(p.maxBodyBytes, 4 * 1024 * 1024);
    const pool = p.get();
    assert.equal(p.get(), pool, 'one pool per instance');
    const res = await pool.request({ path: '/', method: 'GET' });
    assert.equal(await res.body.text(), 'pong');
    await p.stop();
    assert.equal(p.state(), 'down');
    assert.equal(p.isStopped, true);
    p.start();
    assert.equal(p.state(), 'up');
    assert.notEqual(p.get(), pool, 'a stopped pool is not reused');
  } finally {
    await p.stop();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('httpClientSchemaProperties gives each plugin its default connection count', () => {
  assert.equal((httpClientSchemaProperties(16).connections as unknown as { default: number }).default, 16);
  assert.equal((httpClientSchemaProperties(8).connections as unknown as { default: number }).default, 8);
});

test('httpClientSchemaProperties, declared with TypeBox, are the hand-written properties they replaced', () => {
  const schema = Type.Object(httpClientSchemaProperties(16), { additionalProperties: false });
  const reference = { type: 'object', additionalProperties: false, properties: referenceHttpClientProperties(16) };
  assertSameSchema(schema, reference);
  const good = [{}, { headers: { 'x-a': '1' }, timeout_ms: '500', connect_timeout_ms: 100, connections: 1, keep_alive_ms: 1, max_body_bytes: 10, tls: { ca: 'PEM' } }];
  const bad = [{ timeout_ms: 0 }, { connections: 10001 }, { headers: { a: {} } }, { tls: { ca_path: '/x' } }, { keepalive_ms: 1 }];
  assertSameVerdicts(schema, reference, good, bad);
});

test('an HttpPool given no options uses the defaults the schema applies', () => {
  const p = new HttpPool('http://127.0.0.1:1', {}, 4);
  const props = httpClientSchemaProperties(4) as unknown as Record<string, { default?: number }>;
  assert.equal(p.timeoutMs, props.timeout_ms!.default);
  assert.equal(p.maxBodyBytes, props.max_body_bytes!.default);
  assert.deepEqual(HTTP_CLIENT_DEFAULTS, { timeout_ms: props.timeout_ms!.default, keep_alive_ms: props.keep_alive_ms!.default, max_body_bytes: props.max_body_bytes!.default });
});
