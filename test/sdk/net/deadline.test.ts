import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { deadline } from '../../../sdk/net/deadline.js';

describe('rest request deadline', () => {
  test('expires on its own and says so', async () => {
    const d = deadline(5, undefined);
    await once(d.signal, 'abort');
    assert.equal(d.expired, true);
    d.done();
  });

  test('follows the parent signal without calling it a timeout', () => {
    const parent = new AbortController();
    const d = deadline(60_000, parent.signal);
    parent.abort();
    assert.equal(d.signal.aborted, true);
    assert.equal(d.expired, false);
    d.done();
  });

  test('done() clears the timer and lets go of the parent', async () => {
    const parent = new AbortController();
    const d = deadline(1, parent.signal);
    d.done();
    await new Promise((r) => setTimeout(r, 30));
    parent.abort();
    assert.equal(d.signal.aborted, false);
    assert.equal(d.expired, false);
  });
});
