// Turns one request frame into one response text. json-rpc-2.0 does the envelope work: it checks the request
// (jsonrpc "2.0", a method), finds the method, calls it, and builds the result and error objects. Around it, only
// what the wire contract adds (docs/methods.md): the frame must be UTF-8 JSON holding one object (no batches, a JSON
// parse error names its position), an id is required (a notification would run a method nobody hears back from),
// params may be a string holding a JSON object, the id goes back as a string, and every error is mapped onto the
// catalogue's codes (1000 for the envelope, 1001 for an unknown method naming it, TesterError codes as they are).
import { JSONRPCErrorException, JSONRPCServer, createJSONRPCErrorResponse, type JSONRPCErrorResponse, type JSONRPCID, type JSONRPCRequest, type JSONRPCResponse } from 'json-rpc-2.0';
import { timingSafeEqual, createHash } from 'node:crypto';
import { ErrorCode, TesterError } from '../errors.js';

/** The params member that carries the shared token when the service requires one (removed before the method). */
const TOKEN_PARAM = 'auth_token';

const digest = (s: string) => createHash('sha256').update(s).digest();

export type MethodHandler = (params: Record<string, unknown>) => unknown | Promise<unknown>;

interface RpcResponseBody {
  jsonrpc: '2.0';
  id: string | null;
  result: unknown;
  error: { code: number; message: string } | null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export class Dispatcher {
  /** Per request: whether the transport has already checked the token (the HTTP side's bearer header). */
  private readonly server = new JSONRPCServer<{ authenticated: boolean }>({ errorListener: () => {} });

  private readonly tokenDigest: Buffer | undefined;

  /** `token`: when set, every request must carry it as `params.auth_token` (compared in constant time). */
  constructor(
    private readonly log: (text: string) => void = () => {},
    token?: string,
  ) {
    this.tokenDigest = token ? digest(token) : undefined;
    this.server.mapErrorToJSONRPCErrorResponse = (id: JSONRPCID, error: unknown): JSONRPCErrorResponse => {
      if (error instanceof TesterError || error instanceof JSONRPCErrorException) return createJSONRPCErrorResponse(id, error.code, error.message);
      this.log(`internal error: ${(error as Error)?.stack ?? String(error)}`);
      return createJSONRPCErrorResponse(id, ErrorCode.General, `internal error: ${(error as Error)?.message ?? String(error)}`);
    };
    this.server.handleMethodNotFound = async (request: JSONRPCRequest) => this.unknownMethod(request);
    // params: absent = {}, a string holding a JSON object is tolerated (the spec's field table types it as a string).
    this.server.applyMiddleware(async (next, request, serverParams) => {
      if (typeof request.method !== 'string' || request.method === '') {
        return createJSONRPCErrorResponse(request.id ?? null, ErrorCode.General, 'not a JSON-RPC 2.0 request: method must be a non-empty string');
      }
      // JSON-RPC's order: the method is looked up before its params are read, so an unknown method is 1001 whatever
      // its params (the middleware runs before json-rpc-2.0's own lookup).
      if (!this.known.has(request.method)) return this.unknownMethod(request);
      let params: unknown = request.params ?? {};
      if (typeof params === 'string') {
        try {
          params = JSON.parse(params);
        } catch {
          return createJSONRPCErrorResponse(request.id ?? null, ErrorCode.General, 'params: a string must hold a JSON object');
        }
      }
      if (!params || typeof params !== 'object' || Array.isArray(params)) return createJSONRPCErrorResponse(request.id ?? null, ErrorCode.General, 'params must be an object');
      if (this.tokenDigest) {
        const { [TOKEN_PARAM]: given, ...rest } = params as Record<string, unknown>;
        if (!serverParams?.authenticated && (typeof given !== 'string' || !timingSafeEqual(digest(given), this.tokenDigest))) {
          this.log(`refused ${request.method}: params.${TOKEN_PARAM} ${given === undefined ? 'missing' : 'wrong'}`);
          return createJSONRPCErrorResponse(request.id ?? null, ErrorCode.General, `unauthorized: this service requires its token in params.${TOKEN_PARAM} (tester commands read it from TESTER_TOKEN)`);
        }
        params = rest;
      }
      return next({ ...request, params }, serverParams);
    });
  }

  /** The methods, in the order they were added (a Set keeps it). */
  private readonly known = new Set<string>();

  private unknownMethod(request: JSONRPCRequest): JSONRPCErrorResponse {
    return createJSONRPCErrorResponse(request.id ?? null, ErrorCode.UnknownMethod, `unknown method '${clip(request.method)}'; supported: ${this.methodNames.join(', ')}`);
  }

  add(name: string, handler: MethodHandler): void {
    this.known.add(name);
    this.server.addMethod(name, (params: unknown) => handler(params as Record<string, unknown>));
  }

  get methodNames(): string[] {
    return [...this.known];
  }

  static error(id: string | null, code: number, message: string): string {
    const body: RpcResponseBody = { jsonrpc: '2.0', id, result: null, error: { code, message } };
    return JSON.stringify(body);
  }

  /** Told of every answered request: its method (when the frame named one) and the error code (0: a result). */
  onAnswer: ((method: string | undefined, code: number, ms: number) => void) | undefined;

  /**
   * One frame in, one response text out. Never throws. `authenticated`: the transport has checked the service's token
   * itself (the HTTP side's `Authorization: Bearer`), so params.auth_token is not asked for (and removed if given).
   */
  async handle(frame: Buffer, authenticated = false): Promise<string> {
    if (!this.onAnswer) return this.respond(frame, {}, authenticated);
    const t0 = performance.now();
    const seen: { method?: string } = {};
    const text = await this.respond(frame, seen, authenticated);
    let code = 0;
    if (!text.endsWith('"error":null}')) {
      try {
        code = (JSON.parse(text) as RpcResponseBody).error?.code ?? 0;
      } catch {
        code = ErrorCode.General;
      }
    }
    try {
      this.onAnswer(seen.method, code, performance.now() - t0);
    } catch (e) {
      this.log(`request observer: ${(e as Error)?.message ?? String(e)}`);
    }
    return text;
  }

  private async respond(frame: Buffer, seen: { method?: string }, authenticated: boolean): Promise<string> {
    let req: unknown;
    try {
      req = JSON.parse(utf8.decode(frame));
    } catch (e) {
      const why = e instanceof TypeError ? 'the frame is not valid UTF-8' : (e as Error).message;
      return Dispatcher.error(null, ErrorCode.General, `unparsable JSON: ${why}`);
    }
    if (Array.isArray(req)) return Dispatcher.error(null, ErrorCode.General, 'batch requests are not supported: send one request per connection');
    if (!req || typeof req !== 'object') return Dispatcher.error(null, ErrorCode.General, 'not a JSON-RPC 2.0 request: the frame must hold a JSON object');
    const r = req as Record<string, unknown>;
    if (typeof r.method === 'string') seen.method = r.method;
    const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : null;
    if (id === null && r.jsonrpc === '2.0' && typeof r.method === 'string') {
      return Dispatcher.error(null, ErrorCode.General, 'not a valid request: id is required (a string or a number)');
    }
    let resp: JSONRPCResponse | null;
    try {
      resp = (await this.server.receive(r as unknown as JSONRPCRequest, { authenticated })) as JSONRPCResponse | null;
    } catch (e) {
      this.log(`internal error: ${(e as Error)?.stack ?? String(e)}`);
      return Dispatcher.error(id, ErrorCode.General, `internal error: ${(e as Error)?.message ?? String(e)}`);
    }
    if (!resp) return Dispatcher.error(id, ErrorCode.General, 'no response');
    if ('error' in resp && resp.error) {
      // The library's own envelope codes (-32600 invalid request, ...) become 1000 with what is wrong.
      if (resp.error.code < 0) return Dispatcher.error(id, ErrorCode.General, envelopeProblem(r) ?? resp.error.message);
      return Dispatcher.error(id, resp.error.code, resp.error.message);
    }
    const body: RpcResponseBody = { jsonrpc: '2.0', id, result: (resp as { result?: unknown }).result ?? null, error: null };
    return JSON.stringify(body);
  }
}

/** Why json-rpc-2.0 refused the envelope, in the words of the wire contract. */
function envelopeProblem(r: Record<string, unknown>): string | undefined {
  if (r.jsonrpc !== '2.0') return `not a JSON-RPC 2.0 request: jsonrpc must be "2.0"${r.jsonrpc === undefined ? ', it is missing' : `, got ${shortValue(r.jsonrpc)}`}`;
  if (typeof r.method !== 'string' || r.method === '') return 'not a JSON-RPC 2.0 request: method must be a non-empty string';
  if ('result' in r || 'error' in r) return 'not a JSON-RPC 2.0 request: it carries result or error (a response, not a request)';
  return undefined;
}

/** A client's text in an error message: at most 60 characters (a method name may be megabytes long). */
function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/**
 * A client's value named in an error message: scalars as JSON (strings clipped), containers by their kind — never
 * JSON.stringify of the whole value, which may be nested deeper than its stack (a RangeError) or megabytes long.
 */
function shortValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(clip(v));
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return Array.isArray(v) ? 'an array' : 'an object';
}
