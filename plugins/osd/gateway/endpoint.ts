// One named OSD endpoint: the SOAP URL of an OCNCC OSD interface, credentials, the interface's target namespace,
// and a keep-alive connection pool (undici). The `osd` ExecuteTest param picks one for a run.
import { connectTls, deadline, HttpPool, httpExchange, redactText, urlCredentials, type HttpExchangeError } from '../../../sdk/index.js';
import { Agent } from 'undici';
import type { GatewayInstance, GatewayState, Json } from '../../../sdk/index.js';
import { parseWsdl, type WsdlInfo, type WsdlOperation } from '../soap/wsdl.js';
import { DEFAULT_NAMESPACE, OSD_CONNECTIONS, type OsdInstanceOptions } from './options.js';

export interface HttpExchange {
  status: number;
  contentType: string | null;
  body: string;
  elapsedMs: number;
}

export class OsdCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OsdCallError';
  }
}

const WSDL_RETRY_MS = 60_000;

/** How to build one operation's envelope: namespace, element form, SOAPAction, and where they came from. */
export interface InterfaceFacts extends WsdlOperation {
  /** Why the WSDL was not used, when it was wanted. */
  wsdlProblem?: string;
}

function describeError(e: unknown): string {
  const err = e as Error & { code?: string; cause?: Error & { code?: string } };
  const code = err.cause?.code ?? err.code;
  if (code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `connection closed by the server (${code})`;
  const msg = err.cause?.message && err.cause.message !== err.message ? `${err.message}: ${err.cause.message}` : err.message;
  return code ? `${msg} (${code})` : msg;
}

export class OsdEndpoint implements GatewayInstance {
  readonly name: string;
  readonly url: string;
  readonly origin: string;
  readonly path: string;
  readonly namespace: string;
  readonly qualified: boolean;
  private readonly explicitNamespace: string | undefined;
  private readonly explicitQualified: boolean | undefined;
  private readonly wsdlUrl: string | undefined;
  private readonly wsdlCache = new Map<string, { info?: WsdlInfo; error?: string; at: number; pending?: Promise<void> }>();
  private readonly tls: ReturnType<typeof connectTls>;
  readonly actionBase: string | undefined;
  readonly wsse: { username: string; password: string } | undefined;
  readonly headers: Record<string, string>;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private readonly http: HttpPool;
  private requests = 0;
  private faults = 0;
  private failures = 0;
  private lastError: string | undefined;

  constructor(o: OsdInstanceOptions) {
    this.name = o.name;
    // Credentials in the URL are used as the username and password (never shown: this.url is the bare URL).
    const cred = urlCredentials(o.url);
    if (cred.username !== undefined && o.username !== undefined) {
      throw new Error(`osd instance ${o.name}: credentials are given twice (in url and in username/password): keep one`);
    }
    o = cred.username !== undefined ? { ...o, username: cred.username, password: cred.password ?? '' } : o;
    let u: URL;
    try {
      u = new URL(cred.url);
    } catch {
      throw new Error(`osd instance ${o.name}: url '${redactText(o.url)}' is not a URL`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`osd instance ${o.name}: url must be http:// or https://`);
    this.url = cred.url;
    this.origin = u.origin;
    this.path = (u.pathname || '/') + u.search;
    this.namespace = o.namespace ?? DEFAULT_NAMESPACE;
    this.qualified = (o.element_form ?? 'qualified') === 'qualified';
    this.explicitNamespace = o.namespace;
    this.explicitQualified = o.element_form === undefined ? undefined : o.element_form === 'qualified';
    this.wsdlUrl = o.wsdl_url === false ? undefined : (o.wsdl_url ?? (o.namespace === undefined ? `${u.origin}${u.pathname}?wsdl` : undefined));
    this.actionBase = o.action_base;
    const auth = o.auth ?? (o.username !== undefined ? 'basic' : 'none');
    const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml, application/soap+xml' };
    for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
    if (auth !== 'none' && o.username === undefined) throw new Error(`osd instance ${o.name}: auth '${auth}' needs a username`);
    if (auth === 'basic') headers.authorization = 'Basic ' + Buffer.from(`${o.username}:${o.password ?? ''}`).toString('base64');
    this.wsse = auth === 'wsse' ? { username: o.username!, password: o.password ?? '' } : undefined;
    this.headers = headers;
    this.http = new HttpPool(this.origin, o, OSD_CONNECTIONS);
    this.timeoutMs = this.http.timeoutMs;
    this.maxBodyBytes = this.http.maxBodyBytes;
    this.tls = connectTls(o.tls);
  }

  /**
   * Namespace, element form and SOAPAction for an operation: configuration first, then the WSDL (the
   * operation's `wsdl_url`, the instance's, or `<url>?wsdl` when no namespace is configured), then defaults.
   * The WSDL is fetched once per URL (a failure is retried after a minute) and never fails the operation.
   */
  async facts(operation: string, wsdlUrl: string | undefined, signal?: AbortSignal): Promise<InterfaceFacts> {
    const url = wsdlUrl ?? this.wsdlUrl;
    let op: WsdlOperation | undefined;
    let problem: string | undefined;
    if (url) {
      let entry = this.wsdlCache.get(url);
      if (!entry || (entry.error && Date.now() - entry.at > WSDL_RETRY_MS)) {
        const e: { info?: WsdlInfo; error?: string; at: number; pending?: Promise<void> } = { at: Date.now() };
        e.pending = this.fetchWsdl(url, signal).then(
          (info) => void (e.info = info),
          (err: Error) => void (e.error = err.message),
        );
        this.wsdlCache.set(url, e);
        entry = e;
      }
      if (entry.pending) await entry.pending;
      if (entry.info) op = entry.info.operations.get(operation) ?? entry.info.fallback;
      else problem = `WSDL ${url}: ${entry.error}`;
    }
    return {
      namespace: this.explicitNamespace ?? op?.namespace ?? DEFAULT_NAMESPACE,
      qualified: this.explicitQualified ?? op?.qualified ?? true,
      action: this.actionBase !== undefined ? this.actionBase + operation : op?.action,
      ...(problem ? { wsdlProblem: problem } : {}),
    };
  }

  private async fetchWsdl(url: string, signal?: AbortSignal): Promise<WsdlInfo> {
    const dl = deadline(this.timeoutMs, signal);
    const agent = new Agent({ connect: { timeout: Math.min(this.timeoutMs, 5_000), ...this.tls } });
    try {
      const headers: Record<string, string> = {};
      if (this.headers.authorization) headers.authorization = this.headers.authorization;
      const res = await agent.request({ origin: new URL(url).origin, path: new URL(url).pathname + new URL(url).search, method: 'GET', headers, signal: dl.signal });
      const body = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
      return parseWsdl(body);
    } catch (e) {
      throw new Error(dl.expired ? `no answer within ${this.timeoutMs} ms` : describeError(e));
    } finally {
      dl.done();
      void agent.close().catch(() => undefined);
    }
  }

  state(): GatewayState {
    return this.http.state();
  }

  describe(): Json {
    const d: Record<string, Json> = { url: this.url, requests: this.requests, faults: this.faults, failures: this.failures };
    if (this.wsdlUrl) d.wsdl_url = this.wsdlUrl;
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  start(): void {
    this.http.start();
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  countFault(): void {
    this.faults++;
  }

  /** POST one envelope; returns the HTTP status and body whatever the status (faults come with 500). */
  async post(envelope: string, soapAction: string, timeoutMs: number | undefined, signal?: AbortSignal): Promise<HttpExchange> {
    if (this.http.isStopped) throw new OsdCallError(`osd instance ${this.name} is stopped`);
    const pool = this.http.get();
    const ms = timeoutMs ?? this.timeoutMs;
    this.requests++;
    try {
      const res = await httpExchange(pool, {
        path: this.path, method: 'POST', headers: { ...this.headers, soapaction: `"${soapAction.replace(/"/g, '')}"` }, body: envelope, timeoutMs: ms, ...(signal ? { signal } : {}), maxBodyBytes: this.maxBodyBytes,
      });
      const ct = res.headers['content-type'];
      return { status: res.status, contentType: Array.isArray(ct) ? ct.join(', ') : ct ?? null, body: res.body, elapsedMs: res.elapsedMs };
    } catch (e) {
      this.failures++;
      const kind = (e as HttpExchangeError).kind;
      let msg: string;
      if (kind === 'too-large') msg = `response from ${this.url} exceeds max_body_bytes (${this.maxBodyBytes})`;
      else if (kind === 'timeout') msg = `no complete response from ${this.url} within ${ms} ms`;
      else if (kind === 'cancelled') msg = `request to ${this.url} cancelled`;
      else if (kind === 'connect-timeout') msg = `connect to ${this.origin} timed out`;
      else msg = `POST ${this.url}: ${describeError((e as HttpExchangeError).cause)}`;
      this.lastError = msg;
      throw new OsdCallError(msg);
    }
  }
}
