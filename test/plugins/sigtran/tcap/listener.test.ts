// A queue of inbound Begins handed out by next() (plugins/sigtran/tcap/listener.ts): capacity, waiting, timeout,
// cancel, and close. The timers are the test's own.
import { test, describe, mock, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { SigtranError, type TcapMessage } from '../../../../plugins/sigtran/api.js';
import { BeginListenerImpl } from '../../../../plugins/sigtran/tcap/listener.js';
import { Criterion } from '../../../../plugins/sigtran/tcap/criterion.js';
import { fakeBegin } from './fake-begins.js';

const isErr = (kind: string, re: RegExp) => (e: unknown) => e instanceof SigtranError && e.kind === kind && re.test(e.message);

function setup(capacity?: number, criterion?: Criterion) {
  const removed: number[] = [];
  const handedBack: TcapMessage[] = [];
  const l = new BeginListenerImpl(() => removed.push(1), (m) => handedBack.push(m), criterion, 500, capacity);
  return { l, removed, handedBack };
}

describe('Begin listener', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  test('Begins queue up to the capacity and come out in order, bound to the signal of next()', async () => {
    const { l } = setup(2);
    const a = fakeBegin('a'), b = fakeBegin('b');
    assert.equal(l.push(a), true);
    assert.equal(l.push(b), true);
    assert.equal(l.push(fakeBegin('c')), false);
    assert.equal(l.queued, 2);
    const signal = new AbortController().signal;
    assert.equal(await l.next({ signal }), a);
    assert.equal(a.dialogue.bound, signal);
    assert.equal(await l.next(), b);
  });

  test('a waiting next() gets the next Begin at once, past the capacity; one wait at a time', async () => {
    const { l } = setup(1);
    l.push(fakeBegin('queued'));
    await l.next();
    const waiting = l.next();
    assert.equal(l.waiting, true);
    await assert.rejects(l.next(), isErr('state', /already waiting/));
    const m = fakeBegin('m');
    assert.equal(l.push(m), true);
    assert.equal(await waiting, m);
    assert.equal(l.waiting, false);
  });

  test('next() times out naming the criterion, or is cancelled', async () => {
    const { l } = setup(undefined, new Criterion({ opcode: 0 }));
    const timedOut = l.next();
    mock.timers.tick(500);
    await assert.rejects(timedOut, isErr('timeout', /^no matching TCAP Begin arrived within 500 ms \(opcode 0\)$/));
    const ctl = new AbortController();
    const cancelled = l.next({ signal: ctl.signal, timeoutMs: 10_000 });
    ctl.abort();
    await assert.rejects(cancelled, isErr('cancelled', /cancelled/));
    await assert.rejects(l.next({ signal: AbortSignal.abort() }), isErr('cancelled', /wait cancelled/));
  });

  test('close: removed once, the waiter fails, queued Begins are handed back, nothing more is taken', async () => {
    const { l, removed, handedBack } = setup(5);
    const a = fakeBegin('a');
    l.push(a);
    l.close();
    l.close();
    assert.deepEqual(removed, [1]);
    assert.deepEqual(handedBack, [a]);
    assert.equal(l.push(fakeBegin('b')), false);
    await assert.rejects(l.next(), isErr('ended', /listener closed/));
    const other = setup();
    const waiting = other.l.next();
    other.l.close();
    await assert.rejects(waiting, isErr('ended', /listener closed/));
  });
});
