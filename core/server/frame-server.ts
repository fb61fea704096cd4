// The TCP side of the service: one framed request and one framed response per connection, then close.
// Bounded frame size, a read timeout for the whole request and a connection cap; every failure gets an answer
// or a clean close, and never disturbs other connections.
import net from 'node:net';
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
  /** Turns one request frame into the response JSON text. Must not throw. */
  handle(request: Buffer, peer: string): Promise<string>;
  /** The response to send when the request could not be read (too large, timeout, too many connections). */
  failure(message: string): string;
  log?(text: string): void;
}

export class FrameServer {
  private server: net.Server;
  /** Every open socket (destroyed by close()); `active` counts those being served, for the cap. */
  private sockets = new Set<net.Socket>();
  private active = 0;
  private readonly allow: AllowList | undefined;

  constructor(private readonly opts: FrameServerOptions) {
    this.allow = opts.allow?.length ? new AllowList(opts.allow) : undefined;
    // allowHalfOpen: a client may shut down its sending side after the request and still read the response.
    this.server = net.createServer({ allowHalfOpen: true }, (s) => this.onConnection(s));
    this.server.on('error', (e) => opts.log?.(`server error: ${e.message}`));
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
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private allowed(addr: string | undefined): boolean {
    return this.allow ? this.allow.allows(addr) : true;
  }

  private onConnection(sock: net.Socket): void {
    const peer = `${sock.remoteAddress}:${sock.remotePort}`;
    sock.on('error', () => sock.destroy());
    if (!this.allowed(sock.remoteAddress)) {
      sock.destroy();
      return;
    }
    this.sockets.add(sock);
    sock.on('close', () => this.sockets.delete(sock));
    // After our response, a client that keeps its side open is dropped after a grace period.
    const linger = () => {
      sock.setTimeout(2000, () => sock.destroy());
    };
    if (this.active >= this.opts.maxConnections) {
      sock.end(encodeFrame(this.opts.failure(`too many connections (max_connections ${this.opts.maxConnections}); retry later`)));
      linger();
      return;
    }
    this.active++;
    let counted = true;
    const release = () => {
      if (counted) {
        counted = false;
        this.active--;
      }
    };
    sock.on('close', release);
    sock.setNoDelay(true);
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
        linger();
      }
    };
    const timer = setTimeout(() => {
      finish(this.opts.failure(`read timeout: no complete request within ${this.opts.readTimeoutMs} ms`));
    }, this.opts.readTimeoutMs);
    sock.on('end', () => {
      // The client half-closed before a whole frame arrived: nobody to answer.
      if (!done) finish(undefined);
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
          linger();
        },
        (e) => {
          release();
          sock.end(encodeFrame(this.opts.failure(`internal error: ${String(e)}`)));
          linger();
        },
      );
    });
  }
}
