// A framed JSON-RPC client: one request per connection, as the service expects.
import net from 'node:net';
import { encodeFrame, FrameDecoder } from '../framing/frame-decoder.js';

export interface RpcResponse {
  jsonrpc: '2.0';
  id: string | null;
  result: any;
  error: { code: number; message: string; data?: unknown } | null;
}

export interface RpcTarget {
  host?: string;
  port: number;
}

let nextId = 1;

/** Send raw bytes and read one framed response (for tests of odd inputs); resolves undefined on a close without one. */
export function rawExchange(target: RpcTarget, bytes: Uint8Array, timeoutMs = 15000): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: target.host ?? '127.0.0.1', port: target.port });
    const decoder = new FrameDecoder(256 * 1024 * 1024);
    let answered = false;
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error(`no response within ${timeoutMs} ms`));
    }, timeoutMs);
    sock.on('connect', () => sock.write(bytes));
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

export async function rpcCall(
  target: RpcTarget,
  method: string,
  params: unknown,
  opts: { id?: string | number; timeoutMs?: number } = {},
): Promise<RpcResponse> {
  const id = opts.id ?? nextId++;
  const text = await rawExchange(target, encodeFrame(JSON.stringify({ jsonrpc: '2.0', method, params, id })), opts.timeoutMs);
  if (text === undefined) throw new Error('connection closed without a response');
  return JSON.parse(text) as RpcResponse;
}
