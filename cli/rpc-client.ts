// A framed JSON-RPC client: one request per connection, as the service expects. TLS and the shared token come
// from the target or, for the tester commands, from the environment: TESTER_TOKEN, TESTER_TLS=1 (TLS, system CAs),
// TESTER_TLS_CA (a CA file; implies TLS), TESTER_TLS_CERT and TESTER_TLS_KEY (a client certificate).
import net from 'node:net';
import tls from 'node:tls';
import { readFileSync } from 'node:fs';
import { encodeFrame, FrameDecoder } from '../core/framing/frame-decoder.js';
import type { RunRecord } from '../core/api/index.js';
import type { ListTestsAnswer } from '../core/hooks.js';
import type { DescribeOperationsAnswer } from '../core/rpc/methods/describe-operations.js';

/** A JSON-RPC response: `result` is what the method answers (RpcAnswers), or null with an error. */
export interface RpcResponse<R = unknown> {
  jsonrpc: '2.0';
  id: string | null;
  result: R;
  error: { code: number; message: string; data?: unknown } | null;
}

/** What each method of the service answers (docs/methods.md). */
export interface RpcAnswers {
  ExecuteTest: 'ok';
  QueryTest: RunRecord;
  CancelTest: RunRecord;
  ListTests: ListTestsAnswer;
  DescribeOperations: DescribeOperationsAnswer;
}

export interface RpcTarget {
  host?: string;
  port: number;
  /** TLS to the service: true (system CAs) or PEM texts of the CA and a client certificate/key. */
  tls?: boolean | { ca?: string | Buffer; cert?: string | Buffer; key?: string | Buffer };
  /** The service's shared token, sent as params.auth_token. */
  token?: string;
}

/** The target with TLS and token filled in from the environment where it does not say. */
function withEnvironment(t: RpcTarget, env: NodeJS.ProcessEnv = process.env): RpcTarget {
  const out = { ...t };
  if (out.token === undefined && env.TESTER_TOKEN) out.token = env.TESTER_TOKEN;
  if (out.tls === undefined && (env.TESTER_TLS === '1' || env.TESTER_TLS_CA || env.TESTER_TLS_CERT)) {
    const read = (f: string | undefined) => (f ? readFileSync(f) : undefined);
    out.tls = { ca: read(env.TESTER_TLS_CA), cert: read(env.TESTER_TLS_CERT), key: read(env.TESTER_TLS_KEY) };
  }
  return out;
}

let nextId = 1;

/** Send raw bytes and read one framed response (for tests of odd inputs); resolves undefined on a close without one. */
export function rawExchange(target: RpcTarget, bytes: Uint8Array, timeoutMs = 15000): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const host = target.host ?? '127.0.0.1';
    const t = target.tls;
    const sock = t
      ? tls.connect({ host, port: target.port, servername: net.isIP(host) ? undefined : host, ...(typeof t === 'object' ? { ca: t.ca, cert: t.cert, key: t.key } : {}) })
      : net.connect({ host, port: target.port });
    const decoder = new FrameDecoder(256 * 1024 * 1024);
    let answered = false;
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`no response within ${timeoutMs} ms`));
    }, timeoutMs);
    sock.on(t ? 'secureConnect' : 'connect', () => sock.write(bytes));
    sock.on('data', (chunk) => {
      const frames = decoder.push(chunk);
      if (frames.length > 0 && !answered) {
        answered = true;
        clearTimeout(timer);
        resolve(frames[0]!.toString('utf8'));
        sock.destroy();
      }
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      if (!answered) reject(e);
    });
    sock.on('close', () => {
      clearTimeout(timer);
      if (!answered) resolve(undefined);
    });
  });
}

type CallOptions = { id?: string | number; timeoutMs?: number };

/** One request, one framed answer: typed by the method (a method the service does not know answers unknown). */
export function rpcCall<M extends keyof RpcAnswers>(target: RpcTarget, method: M, params: unknown, opts?: CallOptions): Promise<RpcResponse<RpcAnswers[M]>>;
export function rpcCall(target: RpcTarget, method: string, params: unknown, opts?: CallOptions): Promise<RpcResponse>;
export async function rpcCall(target: RpcTarget, method: string, params: unknown, opts: CallOptions = {}): Promise<RpcResponse> {
  const id = opts.id ?? nextId++;
  const to = withEnvironment(target);
  const body = to.token !== undefined && params && typeof params === 'object' && !Array.isArray(params) ? { ...params, auth_token: to.token } : params;
  const text = await rawExchange(to, encodeFrame(JSON.stringify({ jsonrpc: '2.0', method, params: body, id })), opts.timeoutMs);
  if (text === undefined) throw new Error('connection closed without a response');
  return JSON.parse(text) as RpcResponse;
}
