import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { TcpAcceptor, TcpConnector, type Association } from '../../../../plugins/sigtran/transport/index.js';
import { encodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';

function collector(a: Association) {
  const got: Uint8Array[] = [];
  let closedReason: string | undefined;
  const waiters: Array<() => void> = [];
  a.setHandler({
    message: (pdu) => {
      got.push(pdu);
      waiters.splice(0).forEach((w) => w());
    },
    closed: (r) => {
      closedReason = r;
      waiters.splice(0).forEach((w) => w());
    },
  });
  const until = async (cond: () => boolean) => {
    const end = Date.now() + 3000;
    while (!cond()) {
      if (Date.now() > end) throw new Error('timeout');
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 20);
      });
    }
  };
  return { got, closed: () => closedReason, until };
}

/** An acceptor on a free port, a raw socket connected to it, and the association it accepted. */
async function rawConnection(): Promise<{ acc: TcpAcceptor; sock: net.Socket; server: Association }> {
  const acc = new TcpAcceptor('127.0.0.1', 0);
  let server: Association | undefined;
  await acc.listen((a) => (server = a));
  const sock = net.connect({ host: '127.0.0.1', port: acc.port0() });
  await new Promise<void>((r) => sock.once('connect', () => r()));
  while (!server) await new Promise((r) => setTimeout(r, 5));
  return { acc, sock, server };
}

test('TCP framing: PDUs split byte by byte and coalesced arrive whole and in order', async () => {
  const { acc, sock, server } = await rawConnection();
  try {
    const pdus = [1, 2, 3, 4].map((i) => encodeM3ua(3, 3, { heartbeat: new Uint8Array(i * 5).fill(i) }));
    const all = Buffer.concat(pdus);
    const c = collector(server);
    for (let i = 0; i < pdus[0]!.length + 3; i++) {
      sock.write(all.subarray(i, i + 1));
      await new Promise((r) => setImmediate(r));
    }
    sock.write(all.subarray(pdus[0]!.length + 3));
    await c.until(() => c.got.length === 4);
    assert.deepEqual(c.got.map((b) => toHex(b)), pdus.map((b) => toHex(b)));
    assert.equal(server.kind, 'tcp');
    assert.match(server.remote, /^127\.0\.0\.1:\d+$/);
  } finally {
    sock.destroy();
    await acc.close();
  }
});

test('TCP framing: a length below 8 closes the association with the reason', async () => {
  const { acc, sock, server } = await rawConnection();
  try {
    const c = collector(server);
    sock.write(Buffer.from('0100030100000004', 'hex'));
    await c.until(() => c.closed() !== undefined);
    assert.match(c.closed()!, /bad M3UA framing from 127\.0\.0\.1:\d+: message length 4/);
    assert.equal(server.isOpen, false);
    assert.equal(server.send(new Uint8Array(8), 0, 3), false);
  } finally {
    sock.destroy();
    await acc.close();
  }
});

test('TCP connector: a refused connection is a readable error; a live one carries PDUs both ways', async () => {
  const dead = new TcpAcceptor('127.0.0.1', 0);
  await dead.listen(() => undefined);
  const port = dead.port0();
  await dead.close();
  await assert.rejects(new TcpConnector('127.0.0.1', port).connect(), new RegExp(`cannot connect to 127.0.0.1:${port}: .*ECONNREFUSED`));

  const acc = new TcpAcceptor('127.0.0.1', 0);
  let server: Association | undefined;
  await acc.listen((a) => (server = a));
  const client = await new TcpConnector('127.0.0.1', acc.port0()).connect();
  try {
    const cc = collector(client);
    while (!server) await new Promise((r) => setTimeout(r, 5));
    const sc = collector(server);
    const pdu = encodeM3ua(3, 1, {});
    client.send(pdu, 0, 3);
    client.send(pdu, 0, 3);
    await sc.until(() => sc.got.length === 2);
    server.send(pdu, 0, 3);
    await cc.until(() => cc.got.length === 1);
    client.close('done');
    await sc.until(() => sc.closed() !== undefined);
    assert.match(sc.closed()!, /closed by the peer/);
    assert.equal(cc.closed(), 'done');
  } finally {
    await acc.close();
  }
});
