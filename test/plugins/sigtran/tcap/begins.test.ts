// Where inbound Begins go (plugins/sigtran/tcap/begins.ts): registrations, then acceptBegin / listen criteria,
// then the backlog, whose Begins are refused when it is full or their wait ends. The timers are the test's own.
import { test, describe, mock, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { SigtranError, type TcapMessage } from '../../../../plugins/sigtran/api.js';
import { InboundBegins } from '../../../../plugins/sigtran/tcap/begins.js';
import { BACKLOG_MAX } from '../../../../plugins/sigtran/tcap/listener.js';
import { fakeBegin, tagRouter, type FakeBegin } from './fake-begins.js';

function setup() {
  const refused: TcapMessage[] = [];
  const logs: string[] = [];
  const begins = new InboundBegins({
    defaultTimeoutMs: 1000,
    refuse: (m) => {
      refused.push(m);
      (m as FakeBegin).dialogue.state = 'ended';
    },
    log: (level, text) => logs.push(`${level} ${text}`),
  });
  begins.registrations.addRouter(tagRouter);
  return { begins, refused, logs };
}

const isErr = (kind: string, re: RegExp) => (e: unknown) => e instanceof SigtranError && e.kind === kind && re.test(e.message);

describe('inbound Begins', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  test('a registration of its key comes before an acceptBegin, which comes before a listener', async () => {
    const { begins } = setup();
    const l = begins.listen({});
    const accepted = begins.acceptBegin({ ssn: 146 });
    const reg = begins.registrations.register('inap:IDP');
    const a = fakeBegin('inap:IDP/x'), b = fakeBegin('other'), c = fakeBegin('other');
    begins.take(a);
    begins.take(b);
    begins.take(c);
    assert.equal(await reg.next(), a);
    assert.equal(await accepted, b);
    assert.equal(await l.next(), c);
  });

  test('a Begin nobody asks for waits in the backlog; acceptBegin and listen take it from there, bound to their signal', async () => {
    const { begins } = setup();
    const a = fakeBegin('x', { opcode: 0 }), b = fakeBegin('y', { opcode: 1 });
    begins.take(a);
    begins.take(b);
    const signal = new AbortController().signal;
    assert.equal(await begins.acceptBegin({ opcode: 1 }, { signal }), b);
    assert.equal(b.dialogue.bound, signal);
    const l = begins.listen({ opcode: 0 });
    assert.equal(l.queued, 1);
    assert.equal(await l.next(), a);
  });

  test('a Begin left in the backlog past its wait gets the P-Abort refusal; one taken meanwhile does not', () => {
    const { begins, refused, logs } = setup();
    const a = fakeBegin('a'), b = fakeBegin('b');
    begins.take(a);
    begins.take(b);
    b.dialogue.state = 'ended'; // e.g. the peer aborted it
    mock.timers.tick(999);
    assert.deepEqual(refused, []);
    mock.timers.tick(251);
    assert.deepEqual(refused, [a]);
    assert.equal(begins.refused, 1);
    assert.match(logs.join('\n'), /info inbound Begin [0-9a-f]{8} was not taken by any test instance within 1000 ms: aborted/);
  });

  test('with the backlog full, a further Begin is refused at once', () => {
    const { begins, refused, logs } = setup();
    for (let i = 0; i < BACKLOG_MAX; i++) begins.take(fakeBegin('x'));
    const over = fakeBegin('x');
    begins.take(over);
    assert.deepEqual(refused, [over]);
    assert.match(logs.join('\n'), /warn Begin from GW stp:2905 refused: nobody waits for it and the backlog is full/);
  });

  test('a Begin of a registered kind that no registration names is refused at once, not kept', () => {
    const { begins } = setup();
    begins.registrations.register('map:ATI|msisdn:1');
    const m = fakeBegin('map:ATI/msisdn:2');
    begins.take(m);
    assert.equal(m.dialogue.ended, 'u-abort');
    assert.equal(begins.registrations.refused, 1);
  });

  test('a closing registration\'s Begins are routed again: to another registration, a refusal, or the backlog', async () => {
    const { begins } = setup();
    const first = begins.registrations.register('map:ATI', { capacity: 2 });
    const a = fakeBegin('map:ATI/1'), b = fakeBegin('map:ATI/2');
    begins.take(a);
    begins.take(b);
    const second = begins.registrations.register('map:ATI|1', { capacity: 2 });
    first.close();
    assert.equal(second.queued, 1, 'a went to the other registration of its key');
    assert.equal(b.dialogue.ended, 'u-abort', 'b: its kind is still registered, not for its key');
    second.close();
    assert.equal(a.dialogue.state, 'received');
    assert.equal(await begins.acceptBegin({}), a, 'no registration left: a waited in the backlog');
  });

  test('acceptBegin times out naming its criterion, or is cancelled by its signal', async () => {
    const { begins } = setup();
    const timedOut = begins.acceptBegin({ ssn: 146, opcode: 0, ac: null }, { timeoutMs: 2000 });
    mock.timers.tick(2000);
    await assert.rejects(timedOut, isErr('timeout', /^no matching TCAP Begin arrived within 2 s \(ssn 146, ac none, opcode 0\)$/));
    const ctl = new AbortController();
    const cancelled = begins.acceptBegin({}, { signal: ctl.signal });
    ctl.abort();
    await assert.rejects(cancelled, isErr('cancelled', /wait for a TCAP Begin cancelled/));
    await assert.rejects(begins.acceptBegin({}, { signal: AbortSignal.abort() }), isErr('cancelled', /wait cancelled/));
    const m = fakeBegin('x');
    begins.take(m);
    assert.equal(await begins.acceptBegin({}), m, 'the timed-out and cancelled waits took nothing');
  });

  test('a closing listener refuses the Begins it still holds', () => {
    const { begins, refused } = setup();
    const l = begins.listen({});
    const a = fakeBegin('a'), b = fakeBegin('b');
    begins.take(a);
    begins.take(b);
    b.dialogue.state = 'ended';
    l.close();
    assert.deepEqual(refused, [a]);
    begins.take(fakeBegin('c'));
    assert.equal(refused.length, 1, 'the closed listener takes nothing: c waits in the backlog');
  });

  test('stop fails the waiting acceptBegins, empties the backlog and closes the registrations', async () => {
    const { begins } = setup();
    const waiting = begins.acceptBegin({ opcode: 5 });
    const reg = begins.registrations.register('map:ATI');
    begins.take(fakeBegin('x'));
    begins.stop();
    await assert.rejects(waiting, isErr('down', /gateway stopped/));
    await assert.rejects(reg.next(), isErr('ended', /listener closed/));
    assert.equal(begins.registrations.active, 0);
    const later = begins.acceptBegin({}, { timeoutMs: 10 });
    mock.timers.tick(10);
    await assert.rejects(later, isErr('timeout', /within 10 ms/));
  });
});
