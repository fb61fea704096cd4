// JSON-RPC 2.0 over HTTP POST /rpc: the TCP port's methods, params, limits and error codes (docs/methods.md).
import { requestJson } from './http.js';

/** A JSON-RPC error answer: the catalogue code (docs/errors.md) and the service's message (it names the field). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface RpcResponse<T> {
  id: string | null;
  result: T | null;
  error: { code: number; message: string } | null;
}

let nextId = 1;

/** Call a method; resolves with its result, rejects with an RpcError (or the ApiError of the HTTP layer). */
export async function rpc<T>(method: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
  const body = { jsonrpc: '2.0', id: String(nextId++), method, params };
  const res = await requestJson<RpcResponse<T>>('POST', '/rpc', body, signal);
  if (res.error) throw new RpcError(res.error.code, res.error.message);
  return res.result as T;
}
