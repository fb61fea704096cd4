import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionRouter, type SessionHandler } from '../../../../plugins/diameter/peer/sessions.js';

const handler = (): SessionHandler => () => {};

describe('diameter session router', () => {
  test('register, unregister and lookup agree with a Map, over enough sessions that hashes collide', () => {
    const router = new SessionRouter();
    const model = new Map<string, SessionHandler>();
    // 200,000 Session-Ids: a 32-bit hash has a few collisions among them (birthday bound ~77,000)
    const ids = Array.from({ length: 200_000 }, (_, i) => `tester.localdomain;1764300000;${i * 7919}`);
    for (const id of ids) {
      const h = handler();
      assert.equal(router.register(id, h), true);
      model.set(id, h);
    }
    ids.forEach((id, i) => {
      if (i % 3 === 0) {
        router.unregister(id, model.get(id)!);
        model.delete(id);
      }
    });
    for (const id of ids) assert.equal(router.handlerFor(id), model.get(id), id);
    for (const [id, h] of model) router.unregister(id, h);
    for (const id of ids) assert.equal(router.handlerFor(id), undefined);
  });

  test('a session held by one handler is refused to another and not released by it', () => {
    const router = new SessionRouter();
    const a = handler();
    const b = handler();
    assert.equal(router.register('s;1', a), true);
    assert.equal(router.register('s;1', a), true);
    assert.equal(router.register('s;1', b), false);
    router.unregister('s;1', b);
    assert.equal(router.handlerFor('s;1'), a);
    router.unregister('s;1', a);
    assert.equal(router.register('s;1', b), true);
  });

  test('sessions nobody registered go to the catch-all', () => {
    const router = new SessionRouter();
    const all = handler();
    assert.equal(router.handlerFor('x'), undefined);
    router.setDefault(all);
    assert.equal(router.handlerFor('x'), all);
    assert.equal(router.handlerFor(undefined), all);
  });
});
