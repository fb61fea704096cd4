// The receive timeouts' lists (plugins/sigtran/tcap/deadlines.ts), on a clock and timers of the test's own: no
// real time passes.
import { test, describe, mock, afterEach, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { DeadlineList, type DeadlineEntry } from '../../../../plugins/sigtran/tcap/deadlines.js';

class Entry implements DeadlineEntry {
  dlPrev: DeadlineEntry | undefined = undefined;
  dlNext: DeadlineEntry | undefined = undefined;
  dlAt = 0;
  dlList: DeadlineList | undefined = undefined;
  constructor(
    readonly name: string,
    readonly log: string[],
  ) {}
  expire(list: DeadlineList): void {
    this.log.push(`${this.name}@${list.ms}`);
  }
}

describe('DeadlineList', () => {
  let clock = 0;
  const now = () => clock;
  /** Move the test's clock and its timers on by `ms`. */
  const tick = (ms: number) => {
    clock += ms;
    mock.timers.tick(ms);
  };
  beforeEach(() => {
    clock = 1000;
    mock.timers.enable({ apis: ['setTimeout'] });
  });
  afterEach(() => mock.timers.reset());

  test('deadlines stay small integers: the base moves on before they grow large, the waits still due in order', () => {
    const log: string[] = [];
    const l = new DeadlineList(100, now);
    const a = new Entry('a', log), b = new Entry('b', log);
    clock += 0.25;
    l.add(a);
    assert.equal(a.dlAt, 101, 'whole ms after the base, rounded up');
    clock += 2 ** 30; // the clock runs on 12 days (a's timer is late: a is overdue)
    l.add(b);
    assert.ok(Number.isInteger(b.dlAt) && b.dlAt < 2 ** 30, `b due at ${b.dlAt}`);
    assert.ok(a.dlAt < b.dlAt, 'a still due first');
    tick(100);
    assert.deepEqual(log, ['a@100'], 'a expired when its timer fired; b not due yet');
    tick(1);
    assert.deepEqual(log, ['a@100', 'b@100']);
  });

  test('entries expire in the order they were added, each when due, with one timer for the list', () => {
    const log: string[] = [];
    const l = new DeadlineList(100, now);
    const a = new Entry('a', log), b = new Entry('b', log), c = new Entry('c', log);
    l.add(a);
    assert.equal(l.armedAt, 1100);
    tick(30);
    l.add(b);
    tick(30);
    l.add(c);
    assert.equal(l.size, 3);
    assert.equal(l.armedAt, 1100, 'one timer, for the head');
    tick(39);
    assert.deepEqual(log, []);
    tick(1);
    assert.deepEqual(log, ['a@100']);
    assert.equal(l.armedAt, 1130, 're-armed for the next head');
    tick(60);
    assert.deepEqual(log, ['a@100', 'b@100', 'c@100']);
    assert.equal(l.size, 0);
    assert.equal(l.armedAt, undefined, 'an empty list holds no timer');
    assert.equal(a.dlList, undefined);
  });

  test('a removed entry never expires; removing the head, the middle and the tail keeps the links', () => {
    const log: string[] = [];
    const l = new DeadlineList(50, now);
    const es = ['a', 'b', 'c', 'd', 'e'].map((n) => new Entry(n, log));
    for (const e of es) {
      l.add(e);
      tick(1);
    }
    l.remove(es[0]!);
    l.remove(es[2]!);
    l.remove(es[4]!);
    l.remove(es[4]!); // twice: nothing
    assert.equal(l.size, 2);
    tick(100);
    assert.deepEqual(log, ['b@50', 'd@50']);
  });

  test('removing the last entry clears the timer; adding again arms it anew', () => {
    const log: string[] = [];
    const l = new DeadlineList(10, now);
    const a = new Entry('a', log);
    l.add(a);
    l.remove(a);
    assert.equal(l.armedAt, undefined);
    tick(20);
    assert.deepEqual(log, []);
    l.add(a);
    assert.equal(l.armedAt, clock + 10);
    tick(10);
    assert.deepEqual(log, ['a@10']);
  });

  test('an entry added again moves to the end with a new deadline, also from another list', () => {
    const log: string[] = [];
    const l1 = new DeadlineList(10, now);
    const l2 = new DeadlineList(30, now);
    const a = new Entry('a', log), b = new Entry('b', log);
    l1.add(a);
    l1.add(b);
    tick(5);
    l1.add(a); // a again: now after b, due at +10 from here
    tick(5);
    assert.deepEqual(log, ['b@10']);
    l2.add(a); // out of l1 into l2
    assert.equal(l1.size, 0);
    assert.equal(l1.armedAt, undefined);
    tick(29);
    assert.deepEqual(log, ['b@10']);
    tick(1);
    assert.deepEqual(log, ['b@10', 'a@30']);
  });

  test('an entry may wait again from its own expire; clear() unlinks every entry without expiring it', () => {
    const log: string[] = [];
    const l = new DeadlineList(10, now);
    const again = new (class extends Entry {
      n = 0;
      override expire(list: DeadlineList): void {
        super.expire(list);
        if (++this.n < 3) list.add(this);
      }
    })('r', log);
    l.add(again);
    tick(10);
    tick(10);
    tick(10);
    tick(10);
    assert.deepEqual(log, ['r@10', 'r@10', 'r@10']);
    const x = new Entry('x', log), y = new Entry('y', log);
    l.add(x);
    l.add(y);
    l.clear();
    assert.equal(l.size, 0);
    assert.equal(x.dlList, undefined);
    tick(100);
    assert.equal(log.length, 3);
  });

  test("a duration that is no timer delay (NaN, negative) is due at once; one beyond a timer's range waits the longest delay, not 1 ms", () => {
    const log: string[] = [];
    for (const ms of [Number.NaN, -5]) {
      const l = new DeadlineList(ms, now);
      l.add(new Entry(`x${ms}`, log));
      tick(1);
    }
    assert.deepEqual(log, ['xNaN@NaN', 'x-5@-5']);
    const long = new DeadlineList(3 * 2 ** 31, now);
    long.add(new Entry('long', log));
    assert.equal(long.armedAt, clock + 2 ** 31 - 1, 'the timer is set to the longest delay, not overflowed to 1 ms');
    tick(2 ** 31 - 2);
    assert.equal(log.length, 2);
    tick(1);
    assert.deepEqual(log.slice(2), [`long@${3 * 2 ** 31}`]);
  });

  test('a timer that fires before the head is due (a fraction of a millisecond) waits again, it does not expire early', () => {
    const log: string[] = [];
    const l = new DeadlineList(10, now);
    const a = new Entry('a', log);
    clock = 1000.6;
    l.add(a); // due at 1011 (deadlines are whole ms, rounded up: never early), the timer is set for 10 ms
    tick(10); // clock 1010.6: not due yet
    assert.deepEqual(log, []);
    tick(1);
    assert.deepEqual(log, ['a@10']);
    const b = new Entry('b', log);
    l.add(b); // due at clock + 10
    clock -= 0.5; // the timer fires while the clock says half a millisecond less
    tick(10);
    assert.deepEqual(log, ['a@10'], 'not yet due');
    assert.ok(l.armedAt !== undefined, 'armed again');
    tick(1);
    assert.deepEqual(log, ['a@10', 'b@10']);
  });
});
