// The transport under one Diameter connection: a TCP socket (a byte stream the Framer cuts into messages) or an
// SCTP association (RFC 6733 §2.1.1: one Diameter message per SCTP message, PPID 46; everything on stream 0 here,
// so that a session's requests and answers keep their order).
import type { Socket } from 'node:net';
import type { SctpAssociation } from '../../../sdk/index.js';

/** SCTP Payload Protocol Identifier of Diameter (47 would be Diameter over DTLS/SCTP, which we do not offer). */
const DIAMETER_PPID = 46;

export interface PeerLink {
  readonly kind: 'tcp' | 'sctp';
  /** "address:port" of the peer. */
  readonly remote: string;
  /** Our addresses on this connection (the Host-IP-Address AVPs of CER/CEA: all of them on a multi-homed SCTP). */
  localAddresses(): string[];
  /** Bytes received (TCP: any chunk of the stream; SCTP: one whole message). */
  onData(cb: (chunk: Buffer) => void): void;
  /** The transport is gone (called once). */
  onClose(cb: (reason?: string) => void): void;
  write(bytes: Buffer): void;
  /** Graceful close (TCP FIN, SCTP SHUTDOWN). */
  end(): void;
  /** Close at once (the association still ends with SHUTDOWN). */
  destroy(): void;
  /** Transport details for describe() (SCTP: backend, state, paths, streams, events). */
  details?(): Record<string, unknown>;
}

export function tcpLink(sock: Socket): PeerLink {
  sock.setNoDelay(true);
  let closed: ((reason?: string) => void) | undefined;
  let done = false;
  // Messages written in the same tick leave in one writev (as M3UA's TCP transport): under load one syscall carries
  // many requests instead of one each (a write per message was the service's largest cost against freeDiameter).
  let corked = false;
  const uncork = () => {
    corked = false;
    sock.uncork();
  };
  const finish = (reason?: string) => {
    if (done) return;
    done = true;
    closed?.(reason);
  };
  sock.on('error', (e) => finish(`socket error: ${e.message}`));
  sock.on('close', () => finish());
  sock.on('end', () => finish());
  return {
    kind: 'tcp',
    remote: `${sock.remoteAddress ?? '?'}:${sock.remotePort ?? '?'}`.replace(/^::ffff:/, ''),
    localAddresses: () => [(sock.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '')],
    onData: (cb) => void sock.on('data', cb),
    onClose: (cb) => void (closed = cb),
    write: (b) => {
      if (!corked) {
        corked = true;
        sock.cork();
        process.nextTick(uncork);
      }
      sock.write(b);
    },
    end: () => void sock.end(),
    destroy: () => void sock.destroy(),
  };
}

export function sctpLink(a: SctpAssociation): PeerLink {
  let data: ((chunk: Buffer) => void) | undefined;
  let closed: ((reason?: string) => void) | undefined;
  let held: Buffer[] = [];
  let gone: string | undefined;
  a.setHandler({
    message: (d) => (data ? data(d) : held.push(d)),
    closed: (reason) => {
      gone = reason;
      closed?.(reason);
    },
  });
  const addresses = () => a.status().local.map((l) => l.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1'));
  return {
    kind: 'sctp',
    remote: a.remote,
    localAddresses: () => {
      const list = addresses();
      return list.length ? list : [a.local.replace(/:\d+$/, '')];
    },
    onData: (cb) => {
      data = cb;
      const h = held;
      held = [];
      for (const d of h) cb(d);
    },
    onClose: (cb) => {
      closed = cb;
      if (gone !== undefined) cb(gone);
    },
    write: (b) => void a.send(b, 0, DIAMETER_PPID),
    // both graceful (SHUTDOWN): a TCP socket destroyed at once still sends its FIN
    end: () => void a.close('closed locally'),
    destroy: () => void a.close('connection closed'),
    details: () => ({ ...a.status() }),
  };
}
