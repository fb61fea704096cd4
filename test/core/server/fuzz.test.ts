// Seeded fuzz of the front door over real TCP (test/helpers/fuzz-frames.ts): random and mutated frames, one per
// connection, into the frame server and the JSON-RPC dispatcher of a running service. Every complete frame gets one
// well-formed response with a catalogue code and never an internal error; an incomplete one a clean close; and the
// service answers good requests afterwards.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call } from '../../helpers/service.js';
import { cancelAll, checkExchange, exchange, generateFrame, runFrameFuzz, runFrameFuzzInProcess } from '../../helpers/fuzz-frames.js';
import { faultText, suiteSeed } from '../../helpers/fuzz.js';
import type { RunningService } from '../../../core/service.js';

const MAX = 64 * 1024;
let svc: RunningService;
before(async () => {
  // at most 20 runs at a time: mutated ExecuteTests that are accepted may loop until cancelled
  svc = await startTestService([{ name: 'logic' }], { maxMessageBytes: MAX, maxRuns: 20 });
});
after(async () => {
  await cancelAll(svc.port);
  await svc.close();
});

describe('frame server and dispatcher under fuzzed frames', () => {
  test('2,000 seeded connections: a catalogue answer or a clean close each; good requests answered after', async () => {
    const r = await runFrameFuzz({ port: svc.port, seed: suiteSeed(0xf4a3e), cases: 2000, maxBytes: MAX, concurrency: 16 });
    assert.deepEqual(r.faults.map(faultText), []);
    assert.equal(r.cases, 2000);
    assert.ok(r.decoded > 0 && r.refused > 0, `both results and refusals among the answers (${r.decoded} / ${r.refused})`);
    await cancelAll(svc.port);
    const l = await call(svc.port, 'ListTests', {});
    assert.equal(l.error, null);
    const d = await call(svc.port, 'DescribeOperations', {});
    assert.equal(d.error, null);
  });

  test('3,000 more cases without sockets: frames in chunks of random sizes through the decoder to the dispatcher', async () => {
    const r = await runFrameFuzzInProcess({ dispatcher: svc.dispatcher, seed: suiteSeed(0xf4a3e) + 1, cases: 3000, maxBytes: MAX });
    assert.deepEqual(r.faults.map(faultText), []);
    assert.ok(r.decoded > 0 && r.refused > 0, `both results and refusals among the answers (${r.decoded} / ${r.refused})`);
    await cancelAll(svc.port);
  });

  test('the checks catch what they are meant to: an oversized frame is answered 1000 naming max_message_bytes', async () => {
    // find an oversized-frame case and a complete one in the generator, and check them by hand
    let big, whole;
    for (let i = 0; !(big && whole); i++) {
      const c = generateFrame(1, i, MAX);
      if (c.tooLarge) big ??= c;
      else if (c.complete) whole ??= c;
    }
    const xb = await exchange(svc.port, big.bytes, 5000);
    assert.equal(checkExchange(big, xb), undefined);
    assert.match(xb.response!.toString(), /"code":1000,"message":"frame length \d+ exceeds max_message_bytes 65536"/);
    // no answer, an internal error, a code outside the catalogue: each is a fault
    assert.match(checkExchange(whole, { extra: 0 })!, /no response to a complete frame/);
    assert.match(checkExchange(whole, { extra: 0, response: Buffer.from('{"jsonrpc":"2.0","id":null,"result":null,"error":{"code":1000,"message":"internal error: x"}}') })!, /internal error/);
    assert.match(checkExchange(whole, { extra: 0, response: Buffer.from('{"jsonrpc":"2.0","id":null,"result":null,"error":{"code":-32600,"message":"x"}}') })!, /not in the catalogue/);
  });
});
