// Helpers for end-to-end tests over real TCP: start the service (the kernel with the built-ins, as `tester serve`
// does) in-process on a free loopback port, run a definition to completion.
import { startService, type RunningService } from '../../core/service.js';
import { applyBuiltins, type TesterOptions } from '../../builtins/index.js';
import { rpcCall, type RpcResponse } from '../../cli/rpc-client.js';
import type { PluginConfigEntry } from '../../core/plugins/loader.js';

export async function startTestService(plugins: PluginConfigEntry[] = [{ name: 'logic' }], opts: TesterOptions = {}): Promise<RunningService> {
  return startService({ host: '127.0.0.1', port: 0, plugins, quiet: true, dataDir: opts.dataDir ?? `${process.env.TMPDIR ?? '/tmp'}/tester-test-${process.pid}`, ...opts }, applyBuiltins);
}

export async function call(port: number, method: string, params: unknown): Promise<RpcResponse<any>> {
  return rpcCall({ port }, method, params);
}

/** ExecuteTest, then QueryTest until completed. Throws when ExecuteTest is refused or the run does not end in time. */
export async function runToCompletion(port: number, params: Record<string, unknown>, opts: { timeoutMs?: number; pollMs?: number } = {}): Promise<any> {
  const r = await rpcCall({ port }, 'ExecuteTest', params);
  if (r.error) throw new Error(`ExecuteTest refused: ${r.error.code} ${r.error.message}`);
  return waitForRun(port, params.run_id as string, opts);
}

/**
 * runToCompletion, retrying ExecuteTest while it is refused with 2003 (a gateway not up yet: e.g. the association of
 * a worker thread of `--workers N` still connecting), for at most `upWithinMs`.
 */
export async function runWhenUp(port: number, params: Record<string, unknown>, opts: { timeoutMs?: number; pollMs?: number; upWithinMs?: number } = {}): Promise<any> {
  const until = Date.now() + (opts.upWithinMs ?? 30_000);
  for (;;) {
    const r = await rpcCall({ port }, 'ExecuteTest', params);
    if (!r.error) return waitForRun(port, params.run_id as string, opts);
    if (r.error.code !== 2003 || Date.now() > until) throw new Error(`ExecuteTest refused: ${r.error.code} ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

export async function waitForRun(port: number, runId: string, opts: { timeoutMs?: number; pollMs?: number } = {}): Promise<any> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const q = await rpcCall({ port }, 'QueryTest', { run_id: runId });
    if (q.error) throw new Error(`QueryTest: ${q.error.code} ${q.error.message}`);
    if (q.result.completed === 1) return q.result;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not complete in time: ${JSON.stringify(q.result.counts)}`);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 20));
  }
}
