// Turns one request frame into one response: JSON parsing, the JSON-RPC 2.0 envelope, the method table (ours,
// checked before json-rpc-2.0 sees the request), and the mapping of every error onto the catalogue's codes.
import { JSONRPCServer, type JSONRPCErrorResponse, type JSONRPCID } from 'json-rpc-2.0';
import { ErrorCode, TesterError } from '../errors.js';

export type MethodHandler = (params: Record<string, unknown>) => unknown | Promise<unknown>;

export interface RpcResponseBody {
  jsonrpc: '2.0';
  id: string | null;
  result: unknown;
  error: { code: number; message: string } | null;
}

export class Dispatcher {
  private server = new JSONRPCServer({ errorListener: () => {} });
  private methods = new Map<string, MethodHandler>();

  constructor(private readonly log: (text: string) => void = () => {}) {
    this.server.mapErrorToJSONRPCErrorResponse = (id: JSONRPCID, error: unknown): JSONRPCErrorResponse => {
      if (error instanceof TesterError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
      this.log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
      return { jsonrpc: '2.0', id, error: { code: ErrorCode.General, message: `internal error: ${(error as Error)?.message ?? String(error)}` } };
    };
  }

  add(name: string, handler: MethodHandler): void {
    this.methods.set(name, handler);
    this.server.addMethod(name, (params: unknown) => handler(params as Record<string, unknown>));
  }

  get methodNames(): string[] {
    return [...this.methods.keys()];
  }

  static error(id: string | null, code: number, message: string): string {
    const body: RpcResponseBody = { jsonrpc: '2.0', id, result: null, error: { code, message } };
    return JSON.stringify(body);
  }

  /** One frame in, one response text out. Never throws. */
  async handle(frame: Buffer): Promise<string> {
    let req: unknown;
    try {
      req = JSON.parse(frame.toString('utf8'));
    } catch (e) {
      return Dispatcher.error(null, ErrorCode.General, `unparsable JSON: ${(e as Error).message}`);
    }
    if (Array.isArray(req)) return Dispatcher.error(null, ErrorCode.General, 'batch requests are not supported: send one request per connection');
    if (!req || typeof req !== 'object') return Dispatcher.error(null, ErrorCode.General, 'not a JSON-RPC 2.0 request: the frame must hold a JSON object');
    const r = req as Record<string, unknown>;
    const rawId = r.id;
    const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
    if (r.jsonrpc !== '2.0') return Dispatcher.error(id, ErrorCode.General, `not a JSON-RPC 2.0 request: jsonrpc must be "2.0"${r.jsonrpc === undefined ? ', it is missing' : `, got ${JSON.stringify(r.jsonrpc)}`}`);
    if (typeof r.method !== 'string' || r.method === '') return Dispatcher.error(id, ErrorCode.General, 'not a JSON-RPC 2.0 request: method must be a non-empty string');
    if (id === null) return Dispatcher.error(null, ErrorCode.General, 'not a valid request: id is required (a string or a number)');
    if (!this.methods.has(r.method)) {
      return Dispatcher.error(id, ErrorCode.UnknownMethod, `unknown method '${r.method}'; supported: ${this.methodNames.join(', ')}`);
    }
    let params: unknown = r.params ?? {};
    if (typeof params === 'string') {
      try {
        params = JSON.parse(params);
      } catch {
        return Dispatcher.error(id, ErrorCode.General, 'params: a string must hold a JSON object');
      }
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) return Dispatcher.error(id, ErrorCode.General, 'params must be an object');
    const resp = await this.server.receive({ jsonrpc: '2.0', method: r.method, params: params as Record<string, unknown>, id });
    if (!resp) return Dispatcher.error(id, ErrorCode.General, 'no response');
    const body: RpcResponseBody =
      'error' in resp && resp.error
        ? { jsonrpc: '2.0', id, result: null, error: { code: resp.error.code, message: resp.error.message } }
        : { jsonrpc: '2.0', id, result: (resp as { result: unknown }).result ?? null, error: null };
    return JSON.stringify(body);
  }
}
