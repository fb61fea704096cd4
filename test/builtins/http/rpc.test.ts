// builtins/http/rpc.ts, POST /rpc: the same requests over the framed TCP port and over HTTP get the same answers
// (one dispatcher): a valid ExecuteTest, QueryTest of an unknown run, an unknown method whose params are not JSON
// (1001 on both), bad params (2002), a broken envelope (1000), an oversize request (1000; HTTP 413), and with a
// token the header's token reaches the dispatcher.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rawExchange } from '../../../cli/rpc-client.js';
import { encodeFrame } from '../../../core/framing/frame-decoder.js';
import { startWeb, rpcText, type Web } from './helpers.js';

let web: Web;
const MAX = 64 * 1024;
before(async () => {
  web = await startWeb({ maxMessageBytes: MAX });
});
after(async () => web?.close());

const tcp = async (text: string) => (await rawExchange({ port: web.svc.port }, encodeFrame(text)))!;
async function http(text: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const r = await web.fetch('/rpc', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: text });
  return { status: r.status, text: await r.text() };
}
/** The answer over both ports, asserted to be the same text; returns the parsed answer. */
async function both(text: string): Promise<{ error: { code: number; message: string } | null; result: unknown }> {
  const [overTcp, overHttp] = await Promise.all([tcp(text), http(text)]);
  assert.equal(overHttp.status, 200);
  assert.equal(overHttp.text, overTcp, `the same answer for ${text.slice(0, 120)}`);
  return JSON.parse(overTcp);
}
const run = (runId: string) => ({ run_id: runId, operations: [{ type: 'comment', arguments: { text: 'x' } }] });

test('a valid ExecuteTest starts the run over either port; the same run_id again is 2001 on both', async () => {
  const overHttp = await http(rpcText('ExecuteTest', run(`http-${process.pid}`)));
  assert.equal(overHttp.status, 200);
  assert.deepEqual(JSON.parse(overHttp.text), { jsonrpc: '2.0', id: '1', result: 'ok', error: null });
  assert.equal((JSON.parse(await tcp(rpcText('ExecuteTest', run(`tcp-${process.pid}`)))) as { result: unknown }).result, 'ok');
  const again = await both(rpcText('ExecuteTest', run(`http-${process.pid}`)));
  assert.equal(again.error?.code, 2001);
});

test('QueryTest of an unknown run: 2004 on both', async () => {
  assert.equal((await both(rpcText('QueryTest', { run_id: 'no-such-run' }))).error?.code, 2004);
});

test('an unknown method whose params are a string that is not JSON: 1001 on both', async () => {
  const r = await both(rpcText('NoSuchMethod', 'this is not JSON'));
  assert.equal(r.error?.code, 1001);
  assert.match(r.error!.message, /'NoSuchMethod'/);
});

test('bad params: 2002 naming the path, and envelope faults: 1000, the same on both', async () => {
  const bad = await both(rpcText('ExecuteTest', { run_id: 'bad', operations: [{ type: 'comment', arguments: { text: 'x' } }], trace_level: 9 }));
  assert.equal(bad.error?.code, 2002);
  assert.match(bad.error!.message, /trace_level/);
  for (const text of ['not json', '[]', JSON.stringify({ jsonrpc: '1.0', method: 'ListTests', id: 1 }), JSON.stringify({ jsonrpc: '2.0', method: 'ListTests' }), rpcText('ListTests', '[1]')]) {
    assert.equal((await both(text)).error?.code, 1000, text);
  }
});

test('an oversize request: 1000 over TCP, HTTP 413 with the same code, and the service still answers', async () => {
  const big = rpcText('ExecuteTest', { run_id: 'big', vars: { pad: 'x'.repeat(MAX) }, operations: [] });
  const overTcp = JSON.parse(await tcp(big));
  const overHttp = await http(big);
  assert.equal(overHttp.status, 413);
  const body = JSON.parse(overHttp.text);
  assert.equal(body.error.code, overTcp.error.code);
  assert.equal(body.error.code, 1000);
  assert.match(body.error.message, new RegExp(`${MAX} bytes`));
  assert.equal((await both(rpcText('QueryTest', { run_id: 'no-such-run' }))).error?.code, 2004);
});

test('with a token: the header\'s token is the one the dispatcher checks; the answers stay the TCP ones', async () => {
  const guarded = await startWeb({ token: 's3cret' });
  try {
    const auth = { Authorization: 'Bearer s3cret' };
    const r = await guarded.fetch('/rpc', { method: 'POST', headers: auth, body: rpcText('ListTests', {}) });
    assert.equal(r.status, 200);
    assert.equal(JSON.parse(await r.text()).error, null);
    const overTcp = await rawExchange({ port: guarded.svc.port }, encodeFrame(rpcText('QueryTest', { run_id: 'x', auth_token: 's3cret' })));
    const overHttp = await (await guarded.fetch('/rpc', { method: 'POST', headers: auth, body: rpcText('QueryTest', '{"run_id":"x"}') })).text();
    assert.equal(overHttp, overTcp, 'params as a JSON string too');
    assert.equal((await guarded.fetch('/rpc', { method: 'POST', body: rpcText('ListTests', {}) })).status, 401);
  } finally {
    await guarded.close();
  }
});

