import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryAcceptor, MemoryConnector, type Association } from '../../../../plugins/sigtran/transport/index.js';

test('memory pair: in-order delivery, messages held until a handler is set, close reaches the peer', async () => {
  const acc = new MemoryAcceptor('chan-1');
  let server: Association | undefined;
  await acc.listen((a) => (server = a));
  await assert.rejects(new MemoryAcceptor('chan-1').listen(() => undefined), /already in use/);
  await assert.rejects(new MemoryConnector('nobody').connect(), /nothing listens there/);
  const client = await new MemoryConnector('chan-1').connect();
  client.send(Uint8Array.of(1), 1, 3);
  client.send(Uint8Array.of(2), 0, 3);
  await new Promise((r) => setImmediate(r));
  assert.ok(server);
  const got: Array<[number, number, number]> = [];
  let closed: string | undefined;
  server.setHandler({ message: (p, s, ppid) => got.push([p[0]!, s, ppid]), closed: (r) => (closed = r) });
  assert.deepEqual(got, [
    [1, 1, 3],
    [2, 0, 3],
  ]);
  client.close();
  await new Promise((r) => setImmediate(r));
  assert.equal(closed, 'closed by the peer');
  assert.equal(client.send(Uint8Array.of(3), 0, 3), false);
  await acc.close();
  await assert.rejects(new MemoryConnector('chan-1').connect(), /nothing listens/);
});
