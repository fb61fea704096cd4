// Helpers of the HTTP built-in's tests: a service (the kernel with the built-ins, as `tester serve`) on free
// loopback ports, and requests to its HTTP side.
import { startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import type { TesterOptions } from '../../../builtins/index.js';
import type { PluginConfigEntry } from '../../../core/plugins/loader.js';

export interface Web {
  svc: RunningService;
  /** http://127.0.0.1:PORT */
  base: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startWeb(opts: TesterOptions = {}, plugins: PluginConfigEntry[] = [{ name: 'logic' }]): Promise<Web> {
  const svc = await startTestService(plugins, opts);
  const http = svc.served.http;
  if (!http) throw new Error('the service serves no HTTP');
  const base = `http://127.0.0.1:${http.port}`;
  return { svc, base, fetch: (path, init) => fetch(`${base}${path}`, init), close: () => svc.close() };
}

/** A JSON-RPC request's text. */
export const rpcText = (method: string, params?: unknown, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }), id });
