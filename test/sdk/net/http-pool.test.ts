import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpPool, httpClientSchemaProperties } from '../../../sdk/net/http-pool.js';

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
  assert.equal((httpClientSchemaProperties(16).connections as { default: number }).default, 16);
  assert.equal((httpClientSchemaProperties(8).connections as { default: number }).default, 8);
});
