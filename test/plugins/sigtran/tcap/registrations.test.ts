// Registrations of inbound Begins by routing key (plugins/sigtran/tcap/registrations.ts), with a backlog and a
// re-offer of the test's own.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { BeginRouter, TcapMessage } from '../../../../plugins/sigtran/api.js';
import { Registrations, kindOf, type RegistrationHost } from '../../../../plugins/sigtran/tcap/registrations.js';
import { fakeBegin, tagRouter, type FakeBegin } from './fake-begins.js';

class Host implements RegistrationHost {
  readonly defaultTimeoutMs = 1000;
  backlog: TcapMessage[] = [];
  reoffered: TcapMessage[] = [];
  logs: string[] = [];
  readonly log = (level: string, text: string) => void this.logs.push(`${level} ${text}`);
  takeFromBacklog(wanted: (m: TcapMessage) => boolean, take: (m: TcapMessage) => boolean): void {
    for (let i = 0; i < this.backlog.length; i++) {
      const m = this.backlog[i]!;
      if (!wanted(m)) continue;
      if (!take(m)) break;
      this.backlog.splice(i--, 1);
    }
  }
  reoffer(m: TcapMessage): void {
    this.reoffered.push(m);
  }
}

function setup() {
  const host = new Host();
  const regs = new Registrations(host);
  regs.addRouter(tagRouter);
  return { host, regs };
}

describe('registrations of inbound Begins', () => {
  test('the kind of a key is the part before "|"', () => {
    assert.deepEqual([kindOf('map:ATI|msisdn:49'), kindOf('map:ATI')], ['map:ATI', 'map:ATI']);
  });

  test('keys come from the first router that names the Begin, once per Begin; a router that throws is logged and skipped', () => {
    const host = new Host();
    const regs = new Registrations(host);
    let calls = 0;
    const failing: BeginRouter = { keys: () => { calls++; throw new Error('boom'); } };
    const silent: BeginRouter = { keys: () => [] };
    regs.addRouter(failing);
    regs.addRouter(failing);
    regs.addRouter(silent);
    regs.addRouter(tagRouter);
    const m = fakeBegin('inap:IDP/serviceKey:100');
    assert.deepEqual(regs.keysOf(m), ['inap:IDP|serviceKey:100', 'inap:IDP']);
    assert.deepEqual(regs.keysOf(m), ['inap:IDP|serviceKey:100', 'inap:IDP']);
    assert.equal(calls, 1, 'a router added twice is asked once, and keys are kept per Begin');
    assert.deepEqual(host.logs, ['error a Begin router failed: boom']);
  });

  test('a Begin goes to a registration of its most specific key; a kind registration takes the rest', async () => {
    const { regs } = setup();
    const sk100 = regs.register('inap:IDP|serviceKey:100');
    const any = regs.register('inap:IDP', { capacity: 10 });
    assert.equal(regs.active, 2);
    assert.equal(regs.offer(fakeBegin('inap:IDP/serviceKey:100')), true);
    assert.equal(regs.offer(fakeBegin('inap:IDP/serviceKey:200')), true);
    assert.equal(regs.offer(fakeBegin('map:ATI/msisdn:1')), false);
    assert.equal((await sk100.next()) !== undefined, true);
    assert.equal(((await any.next()) as FakeBegin).tag, 'inap:IDP/serviceKey:200');
  });

  test('a registration holds `capacity` Begins; among several of a key the waiting one is served first', async () => {
    const { regs } = setup();
    const full = regs.register('inap:IDP');
    const waiting = regs.register('inap:IDP');
    assert.equal(regs.offer(fakeBegin('inap:IDP/a')), true, 'the first with room: `full`');
    const next = waiting.next({ timeoutMs: 1000 });
    const b = fakeBegin('inap:IDP/b');
    assert.equal(regs.offer(b), true);
    assert.equal(await next, b, 'the waiting registration got it');
    assert.equal(full.queued, 1);
    assert.equal(regs.offer(fakeBegin('inap:IDP/c')), true, 'waiting has room again (capacity 1, empty)');
    assert.equal(regs.offer(fakeBegin('inap:IDP/d')), false, 'both full');
  });

  test('a registration takes the Begins of its key already in the backlog, as many as it holds', () => {
    const { host, regs } = setup();
    const a = fakeBegin('map:ATI/msisdn:1'), b = fakeBegin('map:ATI/msisdn:2'), c = fakeBegin('map:ATI/msisdn:1');
    host.backlog = [a, b, c];
    const r = regs.register('map:ATI|msisdn:1', { capacity: 1 });
    assert.equal(r.queued, 1);
    assert.deepEqual(host.backlog, [b, c]);
  });

  test('a Begin of a registered kind that no registration names is refused at once, with the kind\'s refusal', () => {
    const { host, regs } = setup();
    const refusals: string[] = [];
    regs.register('map:ATI|msisdn:1', { refuse: (m) => refusals.push(`first ${(m as FakeBegin).tag}`) });
    regs.register('map:ATI|msisdn:2', { refuse: (m) => refusals.push(`last ${(m as FakeBegin).tag}`) });
    const m = fakeBegin('map:ATI/msisdn:3');
    assert.equal(regs.refuseUnclaimed(m), true);
    assert.deepEqual(refusals, ['last map:ATI/msisdn:3']);
    assert.equal(m.dialogue.ended, 'u-abort', 'the refusal did not end the dialogue: a U-Abort does');
    assert.equal(regs.refused, 1);
    assert.match(host.logs.join('\n'), /debug inbound Begin [0-9a-f]{8} \(map:ATI\|msisdn:3, map:ATI\) refused: no test instance registered for it/);
  });

  test('not refused: another kind, a Begin no router names, or one whose registration is only busy', () => {
    const { regs } = setup();
    regs.register('map:ATI|msisdn:1');
    regs.offer(fakeBegin('map:ATI/msisdn:1'));
    assert.equal(regs.refuseUnclaimed(fakeBegin('map:ATI/msisdn:1')), false, 'busy');
    assert.equal(regs.refuseUnclaimed(fakeBegin('map:SRI/msisdn:1')), false, 'another kind');
    assert.equal(regs.refuseUnclaimed(fakeBegin('untagged')), false, 'no keys');
    assert.equal(regs.refused, 0);
  });

  test('a refusal that throws is logged and the Begin is U-Aborted all the same', () => {
    const { host, regs } = setup();
    regs.register('map:ATI|msisdn:1', { refuse: () => { throw new Error('no'); } });
    const m = fakeBegin('map:ATI/msisdn:9');
    regs.refuseUnclaimed(m);
    assert.equal(m.dialogue.ended, 'u-abort');
    assert.match(host.logs.join('\n'), /warn refusing Begin [0-9a-f]{8}: no/);
  });

  test('closing a registration (or its signal) ends it; the Begins it held are offered again', () => {
    const { host, regs } = setup();
    const ctl = new AbortController();
    const r = regs.register('map:ATI', { signal: ctl.signal, capacity: 5 });
    const held = fakeBegin('map:ATI/msisdn:1');
    regs.offer(held);
    ctl.abort();
    assert.equal(regs.active, 0);
    assert.deepEqual(host.reoffered, [held]);
    assert.equal(regs.offer(fakeBegin('map:ATI/msisdn:1')), false);
    assert.equal(regs.refuseUnclaimed(fakeBegin('map:ATI/msisdn:1')), false, 'no registration of the kind left');
    r.close();
    const late = regs.register('map:ATI', { signal: AbortSignal.abort() });
    assert.equal(regs.active, 0, 'an aborted signal closes the registration at once');
    assert.equal(late.queued, 0);
    regs.register('map:ATI');
    regs.register('inap:IDP');
    regs.closeAll();
    assert.equal(regs.active, 0);
  });
});
