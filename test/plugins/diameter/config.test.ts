// Boot-time configuration errors of the diameter plugin name the instance and the field.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, startTestService } from '../../helpers/service.js';
import { normaliseApplications } from '../../../plugins/diameter/peer/config.js';

const inst = (extra: object = {}) => ({ name: 'A', host: '127.0.0.1', port: 1, origin_host: 'tester.test', origin_realm: 'test', connect_timeout_ms: 50, reconnect_min_ms: 60000, ...extra });

describe('diameter plugin options', () => {
  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing origin_host', { instances: [{ name: 'A' }] }, /origin_host/],
    ['an unknown instance option', { instances: [inst({ colour: 'red' })] }, /colour/],
    ['an unknown application name', { instances: [inst({ applications: ['gx'] })] }, /applications/],
    ['two instances with one name', { instances: [inst(), inst()] }, /duplicate instance name 'A'|two diameter instances are named 'A'/],
    ['a default that names no instance', { instances: [inst()], default: 'B' }, /default.*'B'/],
    ['a bad site dictionary', { dictionary: { avps: [{ name: 'X', code: 1, type: 'Bignum' }] } }, /avps\[0\] \(X\): type must be one of/],
    ['a missing dictionary file', { dictionary_files: ['/nonexistent/avps.json'] }, /dictionary file \/nonexistent\/avps\.json/],
  ];
  for (const [what, options, re] of bad) {
    test(`refuses ${what} at boot`, async () => {
      await assert.rejects(startTestService([{ name: 'diameter', options }]), (e: unknown) => {
        assert.match((e as Error).message, /diameter/);
        assert.match((e as Error).message, re);
        return true;
      });
    });
  }

  test('application names and forms', () => {
    assert.deepEqual(normaliseApplications(['gy', 'sh', 3, { acct: 3 }, { auth: 16777238, vendor: 10415 }]), [
      { id: 4, kind: 'auth', vendor: 0 }, { id: 16777217, kind: 'auth', vendor: 10415 }, { id: 3, kind: 'auth', vendor: 0 },
      { id: 3, kind: 'acct', vendor: 0 }, { id: 16777238, kind: 'auth', vendor: 10415 },
    ]);
  });

  test('with no instances the operations exist and a run is refused naming the missing gateway', async () => {
    const svc = await startTestService([{ name: 'logic' }, { name: 'diameter' }]);
    try {
      const r = await call(svc.port, 'ExecuteTest', { run_id: 'no-gw', operations: [{ type: 'diameter.Request', arguments: { name: 'CCR' } }] });
      assert.equal(r.error?.code, 2002);
      assert.match(r.error!.message, /diameter/);
    } finally {
      await svc.close();
    }
  });
});
