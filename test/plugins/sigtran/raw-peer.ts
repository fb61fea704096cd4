// A scripted M3UA (or SUA) peer for negative tests: raw TCP with M3UA framing (SUA's is the same); the test decides
// what to send.
import net from 'node:net';
import { decodeM3ua, type M3uaMessage } from '../../../plugins/sigtran/m3ua/codec.js';

/** What a raw peer decodes with: decodeM3ua (the default) or decodeSua. */
type Decode<M> = (raw: Uint8Array) => M;
type Header = { cls: number; type: number };

export interface RawPeer<M extends Header = M3uaMessage> {
  port: number;
  received: Array<{ raw: Uint8Array; m: M }>;
  send(pdu: Uint8Array): void;
  /** Wait for a received message matching `pred` (searching those already received first). */
  next(pred: (m: M) => boolean, timeoutMs?: number): Promise<{ raw: Uint8Array; m: M }>;
  /** Resolves when the peer's socket closes. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** The peer on a socket: what arrives is framed, decoded and kept; next() waits for a message. */
function peerOn<M extends Header>(sock: net.Socket, port: number, closed: Promise<void>, decode: Decode<M>): RawPeer<M> {
  const received: RawPeer<M>['received'] = [];
  const waiters = new Set<() => void>();
  let pending = Buffer.alloc(0);
  sock.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const len = pending.readUInt32BE(4);
      if (pending.length < len) break;
      const raw = pending.subarray(0, len);
      pending = pending.subarray(len);
      received.push({ raw, m: decode(raw) });
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

function makeNext<M extends Header>(received: RawPeer<M>['received'], waiters: Set<() => void>, taken: Set<number>) {
  return (pred: (m: M) => boolean, timeoutMs = 3000) =>
    new Promise<{ raw: Uint8Array; m: M }>((resolve, reject) => {
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
export function rawClient(port: number): Promise<RawPeer>;
export function rawClient<M extends Header>(port: number, decode: Decode<M>): Promise<RawPeer<M>>;
export function rawClient<M extends Header>(port: number, decode: Decode<M> = decodeM3ua as unknown as Decode<M>): Promise<RawPeer<M>> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    const closed = new Promise<void>((r) => sock.once('close', () => r()));
    sock.once('error', reject);
    sock.once('connect', () => resolve(peerOn(sock, port, closed, decode)));
  });
}

/** Listen on 127.0.0.1:0; the first connection becomes the peer. `accepted` resolves with it. */
export async function rawServer(): Promise<{ port: number; accepted: Promise<RawPeer>; close(): Promise<void> }>;
export async function rawServer<M extends Header>(decode: Decode<M>): Promise<{ port: number; accepted: Promise<RawPeer<M>>; close(): Promise<void> }>;
export async function rawServer<M extends Header>(decode: Decode<M> = decodeM3ua as unknown as Decode<M>): Promise<{ port: number; accepted: Promise<RawPeer<M>>; close(): Promise<void> }> {
  const server = net.createServer();
  const socks = new Set<net.Socket>();
  let resolveAccepted!: (p: RawPeer<M>) => void;
  const accepted = new Promise<RawPeer<M>>((r) => (resolveAccepted = r));
  server.on('connection', (sock) => {
    socks.add(sock);
    resolveAccepted(peerOn(sock, 0, new Promise<void>((r) => sock.once('close', () => r())), decode));
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
