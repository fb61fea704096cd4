// A scripted M3UA peer for negative tests: raw TCP with M3UA framing; the test decides what to send.
import net from 'node:net';
import { decodeM3ua, type M3uaMessage } from '../../../plugins/sigtran/m3ua/codec.js';

export interface RawPeer {
  port: number;
  received: Array<{ raw: Uint8Array; m: M3uaMessage }>;
  send(pdu: Uint8Array): void;
  /** Wait for a received message matching `pred` (searching those already received first). */
  next(pred: (m: M3uaMessage) => boolean, timeoutMs?: number): Promise<{ raw: Uint8Array; m: M3uaMessage }>;
  /** Resolves when the peer's socket closes. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** The peer on a socket: what arrives is framed, decoded and kept; next() waits for a message. */
function peerOn(sock: net.Socket, port: number, closed: Promise<void>): RawPeer {
  const received: RawPeer['received'] = [];
  const waiters = new Set<() => void>();
  let pending = Buffer.alloc(0);
  sock.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const len = pending.readUInt32BE(4);
      if (pending.length < len) break;
      const raw = pending.subarray(0, len);
      pending = pending.subarray(len);
      received.push({ raw, m: decodeM3ua(raw) });
      // a waiter that is satisfied takes itself out of the set: walk a copy
      for (const w of Array.from(waiters)) w();
    }
  });
  sock.on('error', () => undefined);
  return {
    port,
    received,
    send: (pdu) => void sock.write(pdu),
    next: makeNext(received, waiters, new Set()),
    closed,
    close: async () => {
      sock.destroy();
      await closed;
    },
  };
}

function makeNext(received: RawPeer['received'], waiters: Set<() => void>, taken: Set<number>) {
  return (pred: (m: M3uaMessage) => boolean, timeoutMs = 3000) =>
    new Promise<{ raw: Uint8Array; m: M3uaMessage }>((resolve, reject) => {
      const check = () => {
        for (let i = 0; i < received.length; i++) {
          if (!taken.has(i) && pred(received[i]!.m)) {
            taken.add(i);
            waiters.delete(check);
            clearTimeout(timer);
            resolve(received[i]!);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`raw peer: expected message not received within ${timeoutMs} ms (got ${received.map((r) => `${r.m.cls}/${r.m.type}`).join(' ')})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
}

/** Connect to a gateway listening on `port`. */
export function rawClient(port: number): Promise<RawPeer> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    const closed = new Promise<void>((r) => sock.once('close', () => r()));
    sock.once('error', reject);
    sock.once('connect', () => resolve(peerOn(sock, port, closed)));
  });
}

/** Listen on 127.0.0.1:0; the first connection becomes the peer. `accepted` resolves with it. */
export async function rawServer(): Promise<{ port: number; accepted: Promise<RawPeer>; close(): Promise<void> }> {
  const server = net.createServer();
  const socks = new Set<net.Socket>();
  let resolveAccepted!: (p: RawPeer) => void;
  const accepted = new Promise<RawPeer>((r) => (resolveAccepted = r));
  server.on('connection', (sock) => {
    socks.add(sock);
    resolveAccepted(peerOn(sock, 0, new Promise<void>((r) => sock.once('close', () => r()))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    accepted,
    close: () =>
      new Promise<void>((r) => {
        for (const s of socks) s.destroy();
        server.close(() => r());
      }),
  };
}
