// core/rpc/dispatcher.ts: one frame in, one response text out, never a throw; errors mapped onto the catalogue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dispatcher } from '../../../core/rpc/dispatcher.js';
import { TesterError } from '../../../core/errors.js';

function make() {
  const logged: string[] = [];
  const d = new Dispatcher((t) => logged.push(t));
  d.add('Echo', (p) => p);
  d.add('Fail', () => {
    throw new TesterError(2003, "lock 'k' is held");
  });
  d.add('Crash', () => {
    throw new Error('boom');
  });
  d.add('Slow', async (p) => {
    await new Promise((r) => setTimeout(r, 5));
    return { got: p.x ?? null };
  });
  return { d, logged };
}

const req = (o: unknown) => Buffer.from(JSON.stringify(o));
const parse = async (d: Dispatcher, b: Buffer) => JSON.parse(await d.handle(b));

test('a result comes back with the id as a string and error null', async () => {
  const { d } = make();
  const r = await parse(d, req({ jsonrpc: '2.0', method: 'Echo', params: { a: 1 }, id: 9 }));
  assert.deepEqual(r, { jsonrpc: '2.0', id: '9', result: { a: 1 }, error: null });
  const s = await parse(d, req({ jsonrpc: '2.0', method: 'Slow', params: { x: 2 }, id: 'abc' }));
  assert.deepEqual(s, { jsonrpc: '2.0', id: 'abc', result: { got: 2 }, error: null });
});

test('a TesterError keeps its code and message; an unexpected error is 1000 and logged', async () => {
  const { d, logged } = make();
  const f = await parse(d, req({ jsonrpc: '2.0', method: 'Fail', params: {}, id: 1 }));
  assert.deepEqual(f.error, { code: 2003, message: "lock 'k' is held" });
  assert.equal(f.result, null);
  const c = await parse(d, req({ jsonrpc: '2.0', method: 'Crash', params: {}, id: 1 }));
  assert.equal(c.error.code, 1000);
  assert.match(c.error.message, /boom/);
  assert.ok(logged.some((l) => l.includes('boom')));
});

test('params absent is an empty object; params as a JSON string is parsed', async () => {
  const { d } = make();
  assert.deepEqual((await parse(d, req({ jsonrpc: '2.0', method: 'Echo', id: 1 }))).result, {});
  assert.deepEqual((await parse(d, req({ jsonrpc: '2.0', method: 'Echo', params: '{"b":2}', id: 1 }))).result, { b: 2 });
  assert.equal((await parse(d, req({ jsonrpc: '2.0', method: 'Echo', params: '[1]', id: 1 }))).error.code, 1000);
});

test('found by npm run fuzz: a jsonrpc member nested 100,000 deep is a 1000 naming its kind, not a RangeError out of handle()', async () => {
  const { d } = make();
  // JSON.parse reads any depth; the error message used JSON.stringify of the member, which overflowed the stack
  const deep = Buffer.from(`{"id":1,"method":"Echo","jsonrpc":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  const r = await parse(d, deep);
  assert.deepEqual(r.error, { code: 1000, message: 'not a JSON-RPC 2.0 request: jsonrpc must be "2.0", got an array' });
  const long = await parse(d, req({ jsonrpc: 'x'.repeat(1_000_000), method: 'Echo', id: 1 }));
  assert.equal(long.error.message, `not a JSON-RPC 2.0 request: jsonrpc must be "2.0", got "${'x'.repeat(60)}…"`);
  const m = await parse(d, req({ jsonrpc: '2.0', method: 'M'.repeat(1_000_000), id: 1 }));
  assert.equal(m.error.code, 1001);
  assert.ok(m.error.message.length < 200, 'the method name is clipped');
});

test('unknown methods, including Object.prototype names, are 1001 naming the method', async () => {
  const { d } = make();
  for (const m of ['Nope', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const r = await parse(d, req({ jsonrpc: '2.0', method: m, params: {}, id: 1 }));
    assert.equal(r.error?.code, 1001, m);
    assert.ok(r.error.message.includes(`'${m}'`));
    assert.match(r.error.message, /Echo/);
  }
});

test('envelope errors are 1000 and never throw', async () => {
  const { d } = make();
  const bad: Buffer[] = [
    Buffer.from('not json'),
    Buffer.from([0xff, 0xfe]),
    Buffer.alloc(0),
    req([{ jsonrpc: '2.0', method: 'Echo', id: 1 }]),
    req({ jsonrpc: '2.0', method: 'Echo' }),
    req({ jsonrpc: '2.0', method: 'Echo', id: null }),
    req({ jsonrpc: '2.0', method: 'Echo', id: { a: 1 } }),
    req({ method: 'Echo', id: 1 }),
    req({ jsonrpc: '2.0', id: 1 }),
    req({ jsonrpc: '2.0', method: 5, id: 1 }),
    req({ jsonrpc: '2.0', method: '', id: 1 }),
    req({ jsonrpc: '2.0', method: 'Echo', id: 1, result: 1 }),
    Buffer.from('{"jsonrpc":"2.0","method":"Echo","params":{"s":"\xff"},"id":1}', 'latin1'),
    req('text'),
  ];
  for (const b of bad) {
    const r = JSON.parse(await d.handle(b));
    assert.equal(r.error.code, 1000, b.toString());
    assert.equal(r.result, null);
    assert.equal(r.jsonrpc, '2.0');
  }
});

test('an unknown method is 1001 whatever its params: the method is looked up first (JSON-RPC\'s order)', async () => {
  const { d } = make();
  for (const params of ['not json', '[1]', 5, [1, 2], null, { a: 1 }]) {
    const r = await parse(d, req({ jsonrpc: '2.0', method: 'Nope', params, id: 1 }));
    assert.equal(r.error?.code, 1001, JSON.stringify(params));
    assert.match(r.error.message, /'Nope'.*Echo/);
  }
  // a known method with such params is still 1000 (the params check follows the lookup)
  assert.equal((await parse(d, req({ jsonrpc: '2.0', method: 'Echo', params: 'not json', id: 1 }))).error.code, 1000);
  // and with a token required, an unknown method is 1001 before the token is asked for; a known one is refused
  const guarded = new Dispatcher(() => {}, 'secret');
  guarded.add('Echo', (p) => p);
  assert.equal((await parse(guarded, req({ jsonrpc: '2.0', method: 'Nope', params: 'x', id: 1 }))).error.code, 1001);
  assert.match((await parse(guarded, req({ jsonrpc: '2.0', method: 'Echo', params: {}, id: 1 }))).error.message, /unauthorized/);
});

test('a request the transport has authenticated (HTTP bearer) needs no params.auth_token, and one given is not passed on', async () => {
  const guarded = new Dispatcher(() => {}, 'secret');
  guarded.add('Echo', (p) => p);
  const frame = req({ jsonrpc: '2.0', method: 'Echo', params: { a: 1, auth_token: 'whatever' }, id: 1 });
  assert.match(JSON.parse(await guarded.handle(frame)).error.message, /unauthorized/, 'not authenticated: the params token is checked');
  assert.deepEqual(JSON.parse(await guarded.handle(frame, true)).result, { a: 1 });
  assert.deepEqual(JSON.parse(await guarded.handle(req({ jsonrpc: '2.0', method: 'Echo', params: '{"b":2}', id: 2 }), true)).result, { b: 2 });
  // the envelope's checks still apply to an authenticated request
  assert.equal(JSON.parse(await guarded.handle(req({ jsonrpc: '2.0', method: 'Echo', params: 'not json', id: 3 }), true)).error.code, 1000);
});
