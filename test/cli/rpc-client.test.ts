// cli/rpc-client.ts: one framed request per connection; clear failures when the peer does not answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { rpcCall, rawExchange } from '../../cli/rpc-client.js';
import { encodeFrame, FrameDecoder } from '../../core/framing/frame-decoder.js';

/** A throwaway loopback server with a per-connection behaviour. */
async function server(onConn: (s: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const socks = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    socks.add(s);
    s.on('error', () => {});
    onConn(s);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of socks) s.destroy();
      await new Promise<void>((r) => srv.close(() => r()));
    },
  };
}

test('rpcCall sends one JSON-RPC 2.0 frame and parses the framed answer', async () => {
  let seen: any;
  const srv = await server((s) => {
    const d = new FrameDecoder(1 << 20);
    s.on('data', (c) => {
      for (const f of d.push(c)) {
        seen = JSON.parse(f.toString());
        s.end(encodeFrame(JSON.stringify({ jsonrpc: '2.0', id: String(seen.id), result: 'ok', error: null })));
      }
    });
  });
  try {
    const r = await rpcCall({ port: srv.port }, 'ExecuteTest', { run_id: 'x' }, { id: 77 });
    assert.deepEqual(seen, { jsonrpc: '2.0', method: 'ExecuteTest', params: { run_id: 'x' }, id: 77 });
    assert.equal(r.result, 'ok');
    assert.equal(r.id, '77');
    const a = await rpcCall({ port: srv.port }, 'QueryTest', {});
    const b = await rpcCall({ port: srv.port }, 'QueryTest', {});
    assert.notEqual(a.id, b.id, 'default ids differ per call');
  } finally {
    await srv.close();
  }
});

test('an answer split over many chunks is reassembled', async () => {
  const srv = await server((s) => {
    s.once('data', async () => {
      const f = encodeFrame(JSON.stringify({ jsonrpc: '2.0', id: '1', result: { big: 'x'.repeat(5000) }, error: null }));
      for (let i = 0; i < f.length; i += 700) {
        s.write(f.subarray(i, i + 700));
        await new Promise((r) => setTimeout(r, 1));
      }
      s.end();
    });
  });
  try {
    const r = await rpcCall({ port: srv.port }, 'QueryTest', {});
    assert.equal((r.result as unknown as { big: string }).big.length, 5000);
  } finally {
    await srv.close();
  }
});

test('a server that closes without answering is an error, not a hang', async () => {
  const srv = await server((s) => s.once('data', () => s.end()));
  try {
    await assert.rejects(rpcCall({ port: srv.port }, 'QueryTest', {}), /closed without a response/);
    assert.equal(await rawExchange({ port: srv.port }, Buffer.from([0, 0, 0, 0])), undefined);
  } finally {
    await srv.close();
  }
});

test('a server that never answers times out', async () => {
  const srv = await server(() => {});
  try {
    await assert.rejects(rpcCall({ port: srv.port }, 'QueryTest', {}, { timeoutMs: 200 }), /no response within 200 ms/);
  } finally {
    await srv.close();
  }
});

test('nothing listening is a connection error', async () => {
  const srv = await server(() => {});
  const port = srv.port;
  await srv.close();
  await assert.rejects(rpcCall({ port }, 'QueryTest', {}), /ECONNREFUSED/);
});
