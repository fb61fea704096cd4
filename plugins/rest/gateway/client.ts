// One named REST client instance: a base URL with a keep-alive connection pool (undici), default headers, TLS
// options and a request timeout. The `rest` / `rest_<label>` ExecuteTest params pick one for a run.
import { HttpPool, httpExchange, redactText, urlCredentials, type HttpExchangeError } from '../../../sdk/index.js';
import type { GatewayInstance, GatewayState, Json } from '../../../sdk/index.js';
import { describeHttpError } from './errors.js';
import { REST_CONNECTIONS, type RestInstanceOptions } from './options.js';

export interface RestRequest {
  method: string;
  /** Path below the base URL, already joined with the query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What a response looks like to tests[] and $i.REST (anchor-tester.md §3.8). */
export interface RestResponse {
  [key: string]: Json | undefined;
  code: number;
  content: string;
  content_type: string | null;
  http_headers: Array<{ name: string; value: string }>;
  headers: Record<string, string>;
  content_json?: Json;
  method: string;
  url: string;
  elapsed_ms: number;
}

export class RestCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'network' | 'cancelled' | 'too-large',
  ) {
    super(message);
    this.name = 'RestCallError';
  }
}

const JSON_TYPE = /[/+]json\b/i;

export class RestClient implements GatewayInstance {
  readonly name: string;
  readonly origin: string;
  readonly basePath: string;
  readonly defaultHeaders: Record<string, string>;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private readonly http: HttpPool;
  private requests = 0;
  private failures = 0;
  private lastError: string | undefined;

  constructor(opts: RestInstanceOptions) {
    this.name = opts.name;
    const written = opts.base_url ?? opts.url;
    if (written === undefined) throw new Error(`rest instance ${opts.name}: base_url is missing`);
    // Credentials in the URL become a Basic authorization header (never shown: the URL kept is the bare one).
    const cred = urlCredentials(written);
    const base = cred.url;
    let u: URL;
    try {
      u = new URL(base);
    } catch {
      throw new Error(`rest instance ${opts.name}: base_url '${redactText(written)}' is not a URL`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`rest instance ${opts.name}: base_url must be http:// or https://`);
    if (u.search || u.hash) throw new Error(`rest instance ${opts.name}: base_url must not carry a query or fragment`);
    this.origin = u.origin;
    this.basePath = u.pathname.replace(/\/+$/, '');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
    if (cred.username !== undefined) {
      if (headers.authorization !== undefined) throw new Error(`rest instance ${opts.name}: credentials are given twice (in base_url and an authorization header): keep one`);
      headers.authorization = 'Basic ' + Buffer.from(`${cred.username}:${cred.password ?? ''}`).toString('base64');
    }
    this.defaultHeaders = headers;
    this.http = new HttpPool(this.origin, opts, REST_CONNECTIONS);
    this.timeoutMs = this.http.timeoutMs;
    this.maxBodyBytes = this.http.maxBodyBytes;
  }

  state(): GatewayState {
    return this.http.state();
  }

  describe(): Json {
    const d: Record<string, Json> = { base_url: this.origin + this.basePath, requests: this.requests, failures: this.failures };
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  start(): void {
    this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** The full URL of a request path (for traces and results). */
  url(path: string): string {
    return this.origin + this.basePath + path;
  }

  /** Send one request and read the whole response. Throws RestCallError with a readable message. */
  async send(req: RestRequest): Promise<RestResponse> {
    if (this.http.isStopped) throw new RestCallError(`rest instance ${this.name} is stopped`, 'network');
    const pool = this.http.get();
    const timeoutMs = req.timeoutMs ?? this.timeoutMs;
    this.requests++;
    let res;
    try {
      res = await httpExchange(pool, {
        origin: this.origin, path: this.basePath + req.path, method: req.method, headers: req.headers, body: req.body, timeoutMs, signal: req.signal, maxBodyBytes: this.maxBodyBytes,
      });
    } catch (e) {
      this.failures++;
      const kind = (e as HttpExchangeError).kind;
      let err: RestCallError;
      if (kind === 'too-large') err = new RestCallError(`response body from ${this.url(req.path)} exceeds max_body_bytes (${this.maxBodyBytes})`, 'too-large');
      else if (kind === 'timeout') err = new RestCallError(`no complete response from ${this.url(req.path)} within ${timeoutMs} ms`, 'timeout');
      else if (kind === 'cancelled') err = new RestCallError(`request to ${this.url(req.path)} cancelled`, 'cancelled');
      else if (kind === 'connect-timeout') err = new RestCallError(`connect to ${this.origin} timed out`, 'timeout');
      else err = new RestCallError(`${req.method} ${this.url(req.path)}: ${describeHttpError((e as HttpExchangeError).cause)}`, 'network');
      this.lastError = err.message;
      throw err;
    }
    const content = res.body;
    const http_headers: Array<{ name: string; value: string }> = [];
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        for (const v of value) http_headers.push({ name, value: v });
        headers[name] = value.join(', ');
      } else {
        http_headers.push({ name, value });
        headers[name] = value;
      }
    }
    const content_type = headers['content-type'] ?? null;
    const out: RestResponse = { code: res.status, content, content_type, http_headers, headers, method: req.method, url: this.url(req.path), elapsed_ms: res.elapsedMs };
    if (content_type && JSON_TYPE.test(content_type) && content.length > 0) {
      try {
        out.content_json = JSON.parse(content) as Json;
      } catch (e) {
        out.content_json_error = `content is not valid JSON: ${(e as Error).message}`;
      }
    }
    return out;
  }
}
