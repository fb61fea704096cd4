// Booting the rest, db and osd plugins with bad options fails with a message naming the plugin and the cause.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call } from '../../helpers/service.js';

describe('rest, db and osd options at boot', () => {
  for (const [name, options, message] of [
    ['rest', { instances: [{ name: 'A' }] }, /plugin rest: options/],
    ['rest', { instances: [{ name: 'A', base_url: 'http://x/?q=1' }] }, /plugin rest: setup failed: rest instance A: base_url must not carry a query/],
    ['rest', { instances: [{ name: 'A', url: 'http://127.0.0.1:1' }], label_defaults: { crm: 'B' } }, /label_defaults\.crm: no rest instance is named 'B'/],
    ['rest', { instances: [{ name: 'A', url: 'http://127.0.0.1:1', tls: { ca_file: '/nonexistent/ca.pem' } }] }, /cannot read TLS ca file \/nonexistent\/ca\.pem/],
    ['db', { instances: [{ name: 'P', driver: 'postgres' }] }, /db instance P: a postgres instance needs connection or host/],
    ['db', { instances: [{ name: 'S', driver: 'sqlite', queries: { Query: 'SELECT 1' } }] }, /plugin db: options/],
    ['db', { instances: [{ name: 'S', driver: 'mysql' }] }, /plugin db: options/],
    ['osd', { instances: [{ name: 'O', url: 'ftp://x' }] }, /plugin osd: options/],
    ['osd', { instances: [{ name: 'O', url: 'http://127.0.0.1:1/osd', auth: 'wsse' }] }, /auth 'wsse' needs a username/],
    ['osd', { instances: [{ name: 'O', url: 'http://127.0.0.1:1/osd' }], default: 'X' }, /default osd instance 'X' is not among its instances/],
  ] as const) {
    test(`${name}: ${JSON.stringify(options).slice(0, 90)}`, async () => {
      await assert.rejects(startTestService([{ name: 'logic' }, { name, options: options as Record<string, unknown> }]), (e: Error) => {
        assert.match(e.message, message);
        return true;
      });
    });
  }

  test('a url-only rest instance and a db plugin without instances (the SQLite default) boot', async () => {
    const svc = await startTestService([{ name: 'logic' }, { name: 'rest', options: { instances: [{ name: 'A', url: 'http://127.0.0.1:1/api' }] } }, { name: 'db' }]);
    try {
      const rest = svc.registry.gateways.get('rest')!.byName;
      assert.deepEqual([...rest.keys()], ['A']);
      assert.equal((rest.get('A')!.describe!() as { base_url?: string }).base_url, 'http://127.0.0.1:1/api', 'the url is the base url');
      const db = svc.registry.gateways.get('db')!.byName;
      assert.deepEqual([...db.keys()], ['local']);
      assert.equal((db.get('local')!.describe!() as { driver?: string }).driver, 'sqlite');
      assert.equal(db.get('local')!.state(), 'up');
    } finally {
      await svc.close();
    }
  });
});

test('rest and osd without instances boot; their operations are refused with 2002 saying none is configured', async () => {
  const svc = await startTestService([{ name: 'logic' }, { name: 'rest' }, { name: 'osd' }, { name: 'db' }]);
  try {
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'no-rest', operations: [{ type: 'rest.SendRequest', arguments: { method: 'GET' } }] });
    assert.equal(r.error?.code, 2002);
    assert.match(r.error!.message, /no rest instance is configured/);
    const o = await call(svc.port, 'ExecuteTest', { run_id: 'no-osd', operations: [{ type: 'ocncc.osd.Request', arguments: { operation: 'X' } }] });
    assert.equal(o.error?.code, 2002);
    assert.match(o.error!.message, /no osd instance is configured/);
  } finally {
    await svc.close();
  }
});
