// The HTTP side that HTTP-based gateways (rest, osd) share: the connection options of an instance in plugins.json,
// their JSON schema, and a lazily created keep-alive pool (undici) that the gateway's start()/stop() drive.
import { Pool } from 'undici';
import type { GatewayState, JsonSchema } from '../types.js';
import { connectTls, tlsSchema, type TlsOptions } from './tls.js';

export interface HttpClientOptions {
  /** Headers sent with every request (a request's own headers override them). */
  headers?: Record<string, string>;
  /** Whole-request timeout (connect, headers and body), ms. */
  timeout_ms?: number;
  /** Connect timeout, ms (default: the request timeout, at most 5 s). */
  connect_timeout_ms?: number;
  /** Keep-alive pool: at most this many connections to the origin. */
  connections?: number;
  /** Idle keep-alive sockets are closed after this many ms. */
  keep_alive_ms?: number;
  /** Largest response body read, bytes; a larger one fails the request. */
  max_body_bytes?: number;
  tls?: TlsOptions;
}

/** Schema properties of HttpClientOptions, with `connections` defaulting to `defaultConnections`. */
export function httpClientSchemaProperties(defaultConnections: number): Record<string, JsonSchema> {
  return {
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    timeout_ms: { type: 'integer', minimum: 1, default: 10000 },
    connect_timeout_ms: { type: 'integer', minimum: 1 },
    connections: { type: 'integer', minimum: 1, maximum: 10000, default: defaultConnections },
    keep_alive_ms: { type: 'integer', minimum: 1, default: 4000 },
    max_body_bytes: { type: 'integer', minimum: 1, default: 4194304 },
    tls: tlsSchema,
  };
}

export class HttpPool {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private pool: Pool | undefined;
  private readonly poolOptions: ConstructorParameters<typeof Pool>[1];
  private stopped = false;

  /** TLS files are read here, at boot: a missing one is a boot error naming it. */
  constructor(readonly origin: string, o: HttpClientOptions, defaultConnections: number) {
    this.timeoutMs = o.timeout_ms ?? 10_000;
    this.maxBodyBytes = o.max_body_bytes ?? 4 * 1024 * 1024;
    this.poolOptions = {
      connections: o.connections ?? defaultConnections,
      keepAliveTimeout: o.keep_alive_ms ?? 4_000,
      pipelining: 1,
      // the whole-request deadline is the gateway's own; these only stop undici from giving up first
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: { timeout: o.connect_timeout_ms ?? Math.min(this.timeoutMs, 5_000), ...connectTls(o.tls) },
    };
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  state(): GatewayState {
    return this.stopped ? 'down' : 'up';
  }

  /** The pool, created on first use. */
  get(): Pool {
    return (this.pool ??= new Pool(this.origin, this.poolOptions));
  }

  start(): void {
    this.stopped = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const p = this.pool;
    this.pool = undefined;
    if (p) await p.destroy().catch(() => undefined);
  }
}
