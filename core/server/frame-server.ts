// The TCP side of the service: one framed request and one framed response per connection, then close.
// Bounded frame size, a read timeout for the whole request and a connection cap; every failure gets an answer
// or a clean close, and never disturbs other connections.
import net from 'node:net';
import tls from 'node:tls';
import { encodeFrame, FrameDecoder, FrameTooLarge } from '../framing/frame-decoder.js';
import { AllowList } from './allow-list.js';

export interface FrameServerOptions {
  host: string;
  port: number;
  maxMessageBytes: number;
  readTimeoutMs: number;
  maxConnections: number;
  /** Optional allow-list of client addresses: IPv4/IPv6 addresses and subnets (a bad rule throws at construction). */
  allow?: readonly string[];
  /** Connections one client address may have open at once (default: no cap beyond maxConnections). */
  maxConnectionsPerClient?: number;
  /** TLS on the RPC port: key and certificate (PEM); with `ca` and `requestCert`, clients must show a certificate. */
  tls?: { key: string | Buffer; cert: string | Buffer; ca?: string | Buffer; requestCert?: boolean };
  /** Turns one request frame into the response JSON text. Must not throw. */
  handle(request: Buffer, peer: string): Promise<string>;
  /** The response to send when the request could not be read (too large, timeout, too many connections). */
  failure(message: string): string;
  log?(text: string): void;
}

export class FrameServer {
  private server: net.Server | tls.Server;
  /** Every open socket (destroyed by close()); `active` counts those being served, for the cap. */
  private sockets = new Set<net.Socket>();
  private raw = new Set<net.Socket>();
  private active = 0;
  private readonly perClient = new Map<string, number>();
  private readonly allow: AllowList | undefined;
  private refusals = { count: 0, since: -Infinity };

  constructor(private readonly opts: FrameServerOptions) {
    this.allow = opts.allow?.length ? new AllowList(opts.allow) : undefined;
    // allowHalfOpen: a client may shut down its sending side after the request and still read the response.
    if (opts.tls) {
      const t = opts.tls;
      this.server = tls.createServer(
        { allowHalfOpen: true, key: t.key, cert: t.cert, ca: t.ca, requestCert: t.requestCert ?? false, rejectUnauthorized: t.requestCert ?? false, handshakeTimeout: opts.readTimeoutMs },
        (s) => this.onConnection(s),
      );
      // A failed handshake (plain TCP to a TLS port, an unknown client certificate) is logged as a refusal.
      this.server.on('tlsClientError', (e, s) => {
        this.refused(s.remoteAddress, `TLS handshake failed: ${e.message}`);
        s.destroy();
      });
      // Connections still in their handshake are not yet in `sockets`: track the raw ones too, for close().
      this.server.on('connection', (raw: net.Socket) => {
        this.raw.add(raw);
        raw.on('close', () => this.raw.delete(raw));
      });
    } else this.server = net.createServer({ allowHalfOpen: true }, (s) => this.onConnection(s));
    this.server.on('error', (e) => opts.log?.(`server error: ${e.message}`));
  }

  /** Log a refused connection; a flood is summarised (one line, then a count every 10 s). */
  private refused(addr: string | undefined, why: string): void {
    const now = performance.now();
    if (now - this.refusals.since >= 10_000) {
      const more = this.refusals.count > 1 ? ` (and ${this.refusals.count - 1} more refusals in the last 10 s)` : '';
      this.opts.log?.(`refused connection from ${addr ?? '?'}: ${why}${more}`);
      this.refusals = { count: 1, since: now };
    } else this.refusals.count++;
  }

  listen(): Promise<{ host: string; port: number }> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.server.once('error', onError);
      this.server.listen(this.opts.port, this.opts.host, () => {
        this.server.off('error', onError);
        const a = this.server.address() as net.AddressInfo;
        resolve({ host: a.address, port: a.port });
      });
    });
  }

  get connections(): number {
    return this.active;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    for (const s of this.raw) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private allowed(addr: string | undefined): boolean {
    return this.allow ? this.allow.allows(addr) : true;
  }

  private onConnection(sock: net.Socket): void {
    sock.on('error', () => sock.destroy());
    if (!this.allowed(sock.remoteAddress)) {
      this.refused(sock.remoteAddress, 'not in the allow-list (--allow)');
      sock.destroy();
      return;
    }
    this.sockets.add(sock);
    sock.on('close', () => this.sockets.delete(sock));
    const release = this.admit(sock);
    if (!release) return;
    sock.on('close', release);
    sock.setNoDelay(true);
    this.exchange(sock, release);
  }

  /**
   * Count the connection against max_connections and the per-client cap: the function that releases it once (on
   * close, or when the response is written), or undefined when it is refused (answered with the reason).
   */
  private admit(sock: net.Socket): (() => void) | undefined {
    if (this.active >= this.opts.maxConnections) {
      sock.end(encodeFrame(this.opts.failure(`too many connections (max_connections ${this.opts.maxConnections}); retry later`)));
      linger(sock);
      return undefined;
    }
    const client = sock.remoteAddress ?? '?';
    const mine = this.perClient.get(client) ?? 0;
    const cap = this.opts.maxConnectionsPerClient;
    if (cap !== undefined && mine >= cap) {
      this.refused(client, `more than ${cap} connections from one client (--max-connections-per-client)`);
      sock.end(encodeFrame(this.opts.failure(`too many connections from ${client} (max_connections_per_client ${cap}); retry later`)));
      linger(sock);
      return undefined;
    }
    this.active++;
    this.perClient.set(client, mine + 1);
    let counted = true;
    return () => {
      if (counted) {
        counted = false;
        this.active--;
        const n = (this.perClient.get(client) ?? 1) - 1;
        if (n <= 0) this.perClient.delete(client);
        else this.perClient.set(client, n);
      }
    };
  }

  /** One exchange: a whole request frame within the read timeout, then one response; anything after it is ignored. */
  private exchange(sock: net.Socket, release: () => void): void {
    const peer = `${sock.remoteAddress}:${sock.remotePort}`;
    const decoder = new FrameDecoder(this.opts.maxMessageBytes);
    let done = false;
    const finish = (response: string | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.removeAllListeners('data');
      sock.pause();
      release();
      if (response === undefined) sock.destroy();
      else {
        sock.end(encodeFrame(response));
        linger(sock);
      }
    };
    const timer = setTimeout(() => {
      finish(this.opts.failure(`read timeout: no complete request within ${this.opts.readTimeoutMs} ms`));
    }, this.opts.readTimeoutMs);
    sock.on('end', () => {
      // The client half-closed before a whole frame arrived: nobody to answer.
      if (!done) finish(undefined);
    });
    // Destroyed without an end (close() of the server, a reset): its read timer must not outlive it (it kept a
    // closed service's process alive until the read timeout).
    sock.once('close', () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      release();
    });
    sock.on('data', (chunk: Buffer) => {
      if (done) return;
      let frames: Buffer[];
      try {
        frames = decoder.push(chunk);
      } catch (e) {
        const msg = e instanceof FrameTooLarge ? e.message : String(e);
        finish(this.opts.failure(msg));
        return;
      }
      if (frames.length === 0) return;
      done = true; // one exchange per connection: anything after the first frame is ignored
      clearTimeout(timer);
      sock.removeAllListeners('data');
      sock.pause();
      this.opts.handle(frames[0]!, peer).then(
        (resp) => {
          release();
          sock.end(encodeFrame(resp));
          linger(sock);
        },
        (e) => {
          release();
          sock.end(encodeFrame(this.opts.failure(`internal error: ${String(e)}`)));
          linger(sock);
        },
      );
    });
  }
}

/** After our response, a client that keeps its side open is dropped after a grace period. */
function linger(sock: net.Socket): void {
  sock.setTimeout(2000, () => sock.destroy());
}
