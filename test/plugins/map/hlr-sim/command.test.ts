// `tester hlr-sim` as users run it: a separate process that prints where it listens, answers the service over
// M3UA/TCP, refuses bad options and scripts readably, and prints its statistics on SIGTERM.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { EXAMPLES, spawnHlrSim, startMapService } from '../helpers/sim.js';

const root = join(import.meta.dirname, '../../../..');
const cli = (args: string[]) => spawn(process.execPath, [join(root, 'bin/tester.js'), 'hlr-sim', '--config', join(EXAMPLES, 'plugins.json'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

async function finished(child: ReturnType<typeof cli>): Promise<{ code: number | null; out: string; err: string }> {
  let out = '', err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, out, err };
}

describe('tester hlr-sim', () => {
  test('--help names the roles, contexts and options', async () => {
    const r = await finished(cli(['--help']));
    assert.equal(r.code, 0);
    assert.match(r.out, /anyTimeInfoEnquiryContext v3/);
    assert.match(r.out, /--script FILE/);
    assert.match(r.out, /--listen HOST:PORT/);
  });

  test('bad options and scripts are refused with exit code 2 and the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hlr-sim-'));
    try {
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ subscribers: [{ msisdn: '49x', imsi: '1' }] }));
      const a = await finished(cli(['--script', join(dir, 'bad.json')]));
      assert.equal(a.code, 2);
      assert.match(a.err, /subscribers\[0\]\.msisdn: expected a string of digits, got "49x"/);
      const b = await finished(cli(['--frobnicate', '1']));
      assert.equal(b.code, 2);
      assert.match(b.err, /unknown option '--frobnicate'/);
      const c = await finished(cli(['--opc', 'two']));
      assert.equal(c.code, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('serves the USSD menu and an ATI load run, then prints its statistics', async () => {
    const { child, port, output } = await spawnHlrSim();
    try {
      const svc = await startMapService(port);
      try {
        const u = await runToCompletion(svc.port, { ...JSON.parse(readFileSync(join(EXAMPLES, 'ussd-menu.json'), 'utf8')), run_id: 'cli-ussd' });
        assert.equal(u.counts.passed, 1, JSON.stringify(u.first_fails));
        const l = await runToCompletion(svc.port, { ...JSON.parse(readFileSync(join(EXAMPLES, 'ati-load.json'), 'utf8')), run_id: 'cli-ati', distribution: { type: 'load', total: 100, backlog: 20 } });
        assert.equal(l.counts.passed, 100, JSON.stringify(l.first_fails));
      } finally {
        await svc.close();
      }
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((r) => child.once('exit', r));
    assert.equal(code, 0);
    const stats = JSON.parse(output().trim().split('\n').pop()!).hlr_sim;
    assert.equal(stats.begins, 101);
    assert.equal(stats.ussd_sessions, 1);
    assert.equal(stats.answered, 101);
    assert.equal(stats.failed, 0);
  });
});
