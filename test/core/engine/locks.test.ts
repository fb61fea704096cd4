// core/engine/locks.ts: exclusive keys, all or none, never waited for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LockTable } from '../../../core/engine/locks.js';
import { TesterError } from '../../../core/errors.js';

test('keys are taken all at once and released by their owner only', () => {
  const t = new LockTable();
  t.acquire('r1', ['a', 'b']);
  assert.equal(t.size, 2);
  assert.equal(t.owner('a'), 'r1');
  t.release('r2', ['a']);
  assert.equal(t.owner('a'), 'r1', 'another run cannot release r1 keys');
  t.release('r1', ['a', 'b']);
  assert.equal(t.size, 0);
});

test('a held key refuses the whole request with 2003 naming the key and its owner, and takes nothing', () => {
  const t = new LockTable();
  t.acquire('r1', ['held']);
  assert.throws(
    () => t.acquire('r2', ['free', 'held']),
    (e: unknown) => e instanceof TesterError && e.code === 2003 && /'held'/.test(e.message) && /'r1'/.test(e.message),
  );
  assert.equal(t.owner('free'), undefined, 'all or none: the free key was not taken');
  t.acquire('r3', ['free']);
  assert.equal(t.owner('free'), 'r3');
});

test('duplicate keys in one request are one key', () => {
  const t = new LockTable();
  t.acquire('r1', ['k', 'k']);
  assert.equal(t.size, 1);
  t.release('r1', ['k', 'k']);
  assert.equal(t.size, 0);
});

test('keys are compared exactly (case matters)', () => {
  const t = new LockTable();
  t.acquire('r1', ['Key']);
  t.acquire('r2', ['key']);
  assert.equal(t.size, 2);
});
