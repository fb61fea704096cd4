// `tester scp-sim` as users run it: a separate process that prints where it listens, answers the service's
// InitialDPs over M3UA/TCP, and prints its statistics on SIGTERM.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { runToCompletion, runWhenUp, startTestService } from '../../../helpers/service.js';

const root = join(import.meta.dirname, '../../../..');

describe('tester scp-sim', () => {
  test('--help', async () => {
    const child = spawn(process.execPath, [join(root, 'bin/tester.js'), 'scp-sim', '--config', join(root, 'examples/inap/plugins.json'), '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.once('exit', r));
    assert.equal(code, 0);
    assert.match(out, /--listen HOST:PORT/);
  });

  test('serves a load run of the service and reports its statistics', async () => {
    const child = spawn(process.execPath, [join(root, 'bin/tester.js'), 'scp-sim', '--config', join(root, 'examples/inap/plugins.json'), '--listen', '127.0.0.1:0', '--script', join(root, 'examples/inap/scp-sim.json'), '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 60_000);
        child.stdout.on('data', () => {
          const m = /scp-sim listening on [\d.]+:(\d+)/.exec(out);
          if (m) {
            clearTimeout(t);
            resolve(Number(m[1]));
          }
        });
      });
      const svc = await startTestService([
        { name: 'logic' },
        { name: 'sigtran', options: { instances: [{ name: 'S', transport: 'tcp-client', host: '127.0.0.1', port, role: 'asp', opc: 1, dpc: 2, ssn: 146, remote: { ri: 'ssn', pc: 2, ssn: 146 }, reconnectMinMs: 50 }] } },
        { name: 'inap' },
      ]);
      try {
        const sig = svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(): { whenUp(o: object): Promise<void> } };
        await sig.gateway().whenUp({ timeoutMs: 5000 });
        const r = await runToCompletion(svc.port, {
          run_id: 'cli-sim',
          distribution: { type: 'load', total: 200, backlog: 20 },
          operations: [
            { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 400 } },
            { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '4921000000' } },
          ],
        });
        assert.equal(r.counts.passed, 200, JSON.stringify(r.first_aborts));
      } finally {
        await svc.close();
      }
      child.kill('SIGTERM');
      const code = await new Promise((r) => child.once('exit', r));
      assert.equal(code, 0);
      const stats = JSON.parse(out.trim().split('\n').pop()!).scp_sim;
      assert.equal(stats.begins, 200);
      assert.equal(stats.byRule.connect, 200);
      assert.equal(stats.failed, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('--workers 2 shares its port between two processes; a service with --workers 2 spreads its two associations over them', async () => {
    const child = spawn(process.execPath, [join(root, 'bin/tester.js'), 'scp-sim', '--config', join(root, 'examples/inap/plugins.json'), '--listen', '127.0.0.1:0', '--script', join(root, 'examples/inap/scp-sim.json'), '--quiet', '--workers', '2'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no listening line: ${out} ${err}`)), 60_000);
        child.stdout.on('data', () => {
          const m = /scp-sim listening on [\d.]+:(\d+) \(2 workers\)/.exec(out);
          if (m) {
            clearTimeout(t);
            resolve(Number(m[1]));
          }
        });
      });
      const svc = await startTestService(
        [
          { name: 'logic' },
          { name: 'sigtran', options: { instances: [{ name: 'S', transport: 'tcp-client', host: '127.0.0.1', port, role: 'asp', opc: 1, dpc: 2, ssn: 146, remote: { ri: 'ssn', pc: 2, ssn: 146 }, reconnectMinMs: 50 }] } },
          { name: 'inap' },
        ],
        { workers: 2 },
      );
      try {
        const sig = svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(): { whenUp(o: object): Promise<void> } };
        await sig.gateway().whenUp({ timeoutMs: 5000 });
        const r = await runWhenUp(svc.port, {
          run_id: 'cli-sim-workers',
          distribution: { type: 'load', total: 200, backlog: 20 },
          operations: [
            { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 400 } },
            { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '4921000000' } },
          ],
        });
        assert.equal(r.counts.passed, 200, JSON.stringify(r.first_aborts));
        assert.equal(r.workers.length, 2);
      } finally {
        await svc.close();
      }
      child.kill('SIGTERM');
      const code = await new Promise((r) => child.once('exit', r));
      assert.equal(code, 0, err);
      const last = JSON.parse(out.trim().split('\n').pop()!);
      assert.equal(last.scp_sim.begins, 200);
      assert.equal(last.scp_sim.byRule.connect, 200);
      assert.equal(last.workers.length, 2);
      assert.ok(last.workers.every((w: { begins: number }) => w.begins > 0), `each process served an association: ${JSON.stringify(last.workers)}`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
