// examples/diameter (issue 11 item 19): the examples that pass only against the project's own simulators say so
// next to them (their comment operation and examples/diameter/README.md), and the claims hold: against the
// reference OCS they pass (reauth.json with --rar-after), and without the simulator's behaviour they do not.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion, startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { startOcsSim, type OcsSim } from '../../../plugins/diameter/ocs-sim/engine.js';

const dir = new URL('../../../examples/diameter/', import.meta.url).pathname;
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
const readme = readFileSync(join(dir, 'README.md'), 'utf8');
const comment = (def: any): string => def.operations.find((o: any) => o.type === 'comment')?.arguments.text ?? '';

describe('examples/diameter: simulator-only examples say so', () => {
  test('every definition is in the README; the simulator-only ones say what they need, in the file and in the README', () => {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && x !== 'plugins.json')) {
      assert.ok(readme.includes(`\`${f}\``), `${f} is not in examples/diameter/README.md`);
    }
    assert.match(comment(load('reauth.json')), /--rar-after/);
    assert.match(comment(load('ccr-session.json')), /60.*(simulator|diameter-ocs)/);
    const row = (f: string) => readme.split('\n').find((l) => l.startsWith(`| \`${f}\``)) ?? '';
    assert.match(row('reauth.json'), /own simulators only.*--rar-after/);
    assert.match(row('ccr-session.json'), /own simulators only.*CC-Time` 60/);
  });
});

describe('examples/diameter against the reference OCS', () => {
  const sims: OcsSim[] = [];
  let svc: RunningService;
  let plain: RunningService;
  before(async () => {
    const withRar = await startOcsSim({ port: 0, rar_after_ms: 50 });
    const other = await startOcsSim({ port: 0, grant_time: 30 });
    sims.push(withRar, other);
    const inst = (port: number) => ({ instances: [{ name: 'OCS', host: '127.0.0.1', port, origin_host: 'tester.localdomain', origin_realm: 'localdomain' }] });
    svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: inst(withRar.peer.config.port) }]);
    plain = await startTestService([{ name: 'logic' }, { name: 'diameter', options: inst(other.peer.config.port) }]);
  });
  after(async () => {
    await svc?.close();
    await plain?.close();
    for (const s of sims) await s.stop();
  });

  test('reauth.json and ccr-session.json pass against the reference OCS (--rar-after)', async () => {
    for (const f of ['reauth.json', 'ccr-session.json']) {
      const r = await runToCompletion(svc.port, { ...load(f), run_id: `ex-${f}` });
      assert.equal(r.counts.passed, 1, `${f}: ${JSON.stringify(r.first_fails.concat(r.first_aborts))}`);
    }
  });

  test('without the simulator behaviour they do not: no RAR aborts reauth.json, another grant fails ccr-session.json', async () => {
    const reauth = load('reauth.json');
    reauth.operations.find((o: any) => o.type === 'diameter.from_server.Request').arguments.seconds = 0.3;
    const r1 = await runToCompletion(plain.port, { ...reauth, run_id: 'ex-reauth-norar' });
    assert.equal(r1.counts.aborted, 1);
    assert.match(r1.first_aborts[0].text, /no Re-Auth-Request from OCS/);
    const r2 = await runToCompletion(plain.port, { ...load('ccr-session.json'), run_id: 'ex-ccr-grant' });
    assert.equal(r2.counts.failed, 1);
    assert.match(JSON.stringify(r2.first_fails), /Granted-Service-Unit\.CC-Time/);
  });
});
