// How a peer reaches the other side: as a client, one connection attempt (TCP with a connect timeout, or an SCTP
// association); as a server, a listener (TCP or SCTP) that hands over each accepted connection. Either way the
// peer gets a PeerLink and runs the same Diameter connection over it.
import { connect, createServer } from 'node:net';
import { SctpServer, connectSctp } from '../../../sdk/index.js';
import type { PeerConfig } from './config.js';
import { sctpLink, tcpLink, type PeerLink } from './link.js';

type Endpoint = Pick<PeerConfig, 'host' | 'port' | 'transport' | 'sctp' | 'connect_timeout_ms'>;

export interface DialEvents {
  /** Asked once the connection is made: true drops it at once (the gateway stopped meanwhile). */
  stopping(): boolean;
  connected(link: PeerLink): void;
  failed(reason: string): void;
}

/** One connection attempt to the peer, bounded by connect_timeout_ms. */
export function dial(c: Endpoint, on: DialEvents): void {
  const { host, port } = c;
  if (c.transport === 'sctp') {
    connectSctp({ host, port, config: c.sctp, timeoutMs: c.connect_timeout_ms }).then(
      (a) => (on.stopping() ? a.abort('gateway stopped') : on.connected(sctpLink(a))),
      (e: Error) => on.failed(e.message),
    );
    return;
  }
  const sock = connect({ host, port });
  let settled = false;
  const timer = setTimeout(() => {
    if (settled) return;
    settled = true;
    sock.destroy();
    on.failed(`connect to ${host}:${port} timed out after ${c.connect_timeout_ms} ms`);
  }, c.connect_timeout_ms);
  sock.once('error', (e) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    on.failed(`connect to ${host}:${port} failed: ${e.message}`);
  });
  sock.once('connect', () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (on.stopping()) {
      sock.destroy();
      return;
    }
    on.connected(tcpLink(sock));
  });
}

export interface PeerListener {
  /** The port listened on (the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Listen for the peer; rejects with an Error naming the address when that is not possible. `failed` hears of a TCP
 * listener's error after it started (one at start is the rejection).
 */
export function listen(c: Endpoint, accept: (link: PeerLink) => void, failed: (reason: string) => void): Promise<PeerListener> {
  if (c.transport === 'sctp') return listenSctp(c, accept);
  return new Promise((resolve, reject) => {
    const srv = createServer((sock) => accept(tcpLink(sock)));
    srv.once('error', (e) => {
      const reason = `listen on ${c.host}:${c.port} failed: ${e.message}`;
      if (srv.listening) failed(reason);
      else reject(new Error(reason));
    });
    srv.listen(c.port, c.host, () => {
      const a = srv.address();
      resolve({ port: a && typeof a === 'object' ? a.port : c.port, close: () => new Promise<void>((r) => srv.close(() => r())) });
    });
  });
}

async function listenSctp(c: Endpoint, accept: (link: PeerLink) => void): Promise<PeerListener> {
  const srv = new SctpServer({ host: c.host, port: c.port, config: c.sctp });
  await srv.listen((a) => accept(sctpLink(a)));
  return { port: srv.address().port, close: () => srv.close() };
}
