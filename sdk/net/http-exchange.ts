// One HTTP request of an HTTP-based gateway (rest, osd) through its keep-alive pool, with the whole-request
// deadline (which also follows the test instance's signal) and the response body read whole, up to a limit.
// Failures are told apart by kind; the gateway words them.
import type { IncomingHttpHeaders } from 'node:http';
import { errors as undiciErrors, type Dispatcher, type Pool } from 'undici';
import { deadline } from './deadline.js';

export interface HttpExchangeRequest {
  /** Default: the pool's origin. */
  origin?: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Whole request: connect, headers and body. */
  timeoutMs: number;
  /** The test instance's signal. */
  signal?: AbortSignal;
  /** Largest response body read, bytes. */
  maxBodyBytes: number;
}

export interface HttpExchangeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** From the request to the end of the body, ms (µs resolution). */
  elapsedMs: number;
}

/**
 * How an exchange failed: 'too-large' (the body exceeds maxBodyBytes), 'timeout' (the deadline), 'cancelled' (the
 * signal), 'connect-timeout' (undici's connect timeout), 'network' (anything else: `cause` says what).
 */
export type HttpFailureKind = 'too-large' | 'timeout' | 'cancelled' | 'connect-timeout' | 'network';

export class HttpExchangeError extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    override readonly cause: unknown,
  ) {
    super(kind);
    this.name = 'HttpExchangeError';
  }
}

const TOO_LARGE = Symbol('too-large');

/** Send one request and read the whole response. Throws HttpExchangeError. */
export async function httpExchange(pool: Pool, req: HttpExchangeRequest): Promise<HttpExchangeResponse> {
  const dl = deadline(req.timeoutMs, req.signal);
  const t0 = performance.now();
  try {
    const res = await pool.request({
      ...(req.origin !== undefined ? { origin: req.origin } : {}),
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      signal: dl.signal,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > req.maxBodyBytes) {
        res.body.destroy();
        throw TOO_LARGE;
      }
      chunks.push(chunk as Buffer);
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      body: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'),
      elapsedMs: Math.round((performance.now() - t0) * 1000) / 1000,
    };
  } catch (e) {
    if (e === TOO_LARGE) throw new HttpExchangeError('too-large', undefined);
    if (dl.expired) throw new HttpExchangeError('timeout', e);
    if (req.signal?.aborted) throw new HttpExchangeError('cancelled', e);
    if (e instanceof undiciErrors.ConnectTimeoutError) throw new HttpExchangeError('connect-timeout', e);
    throw new HttpExchangeError('network', e);
  } finally {
    dl.done();
  }
}
