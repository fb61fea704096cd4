// The examples of the db, rest and osd plugins run as written (examples/{mixed,rest,osd,db}/*.json), against the
// demo SUT (examples/mixed/demo-sut.ts) and a throwaway PostgreSQL cluster; only addresses are rewritten to the
// free ports the test got.
import { describe, test, before, after } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { initdbTool, startTempPg, type TempPg } from '../../fixtures/db/pg-temp.js';
import { startDemoSut, type DemoSut } from '../../../examples/mixed/demo-sut.js';
import type { RunningService } from '../../../core/service.js';

const root = new URL('../../../', import.meta.url).pathname;
const load = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8'));
const checks = (r: any): string => JSON.stringify({ counts: r.counts, log: r.first_call?.check_log?.filter((c: any) => c.status !== 'pass'), aborts: r.first_aborts, fails: r.first_fails });

describe('examples: demo SUT with db, rest and osd', () => {
  let dataDir: string;
  let sut: DemoSut;
  let svc: RunningService;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tester-examples-'));
    sut = await startDemoSut({ port: 0, dbFile: join(dataDir, 'db', 'demo.sqlite') });
    const plugins = JSON.parse(readFileSync(join(root, 'examples/mixed/plugins.json'), 'utf8').replaceAll('127.0.0.1:8080', `127.0.0.1:${sut.port}`));
    svc = await startTestService(plugins, { dataDir });
  });
  after(async () => {
    await svc?.close();
    await sut?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('mixed/balance-roundtrip.json: seed in the DB, check over REST, read back over OSD', async () => {
    const r = await runToCompletion(svc.port, { ...load('examples/mixed/balance-roundtrip.json'), run_id: 'ex-roundtrip' });
    assert.equal(r.counts.passed, 1, checks(r));
    assert.ok(r.first_call.check_log.length >= 8);
  });

  test('rest/get-subscriber.json and osd/get-balance.json', async () => {
    for (const f of ['examples/rest/get-subscriber.json', 'examples/osd/get-balance.json']) {
      const r = await runToCompletion(svc.port, { ...load(f), run_id: `ex-${f}` });
      assert.equal(r.counts.passed, 1, `${f}: ${checks(r)}`);
    }
  });

  test('mixed/top-up-load.json: a load run mixing db, rest, osd with set, branch and assert', async () => {
    const r = await runToCompletion(svc.port, { ...load('examples/mixed/top-up-load.json'), run_id: 'ex-topup' }, { timeoutMs: 60_000 });
    assert.equal(r.counts.passed, 20, checks(r));
    // instances with start balance 0 or 100 (n % 5 in {0, 1}) were topped up: 8 of 20
    assert.equal(r.globals.topups, 8);
  });
});

describe('examples: db/smf-account.json on PostgreSQL', needsTool(initdbTool(), 'apt-get install postgresql'), () => {
  let pg: TempPg;
  let svc: RunningService;
  let dataDir: string;
  before(async () => {
    pg = await startTempPg();
    dataDir = mkdtempSync(join(tmpdir(), 'tester-examples-db-'));
    const plugins = load('examples/db/plugins.json');
    const db = plugins.find((p: { name: string }) => p.name === 'db');
    db.options.instances.find((i: { name: string }) => i.name === 'DB-SMF01').connection = pg.url;
    svc = await startTestService(plugins, { dataDir });
  });
  after(async () => {
    await svc?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('anchor-style named queries db.smf.CcsAcctExists against the smf label default; db.Query on the local SQLite', async () => {
    const r = await runToCompletion(svc.port, { ...load('examples/db/smf-account.json'), run_id: 'ex-smf' });
    assert.equal(r.counts.passed, 1, checks(r));
  });
});
