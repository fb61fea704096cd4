// builtins/http/events.ts and run-feed.ts: the Server-Sent Events of a run — a progress event at once and each
// second with the summary, the new buckets and the thresholds, one end event when the run has ended, then the
// stream closes; each bucket sent once, so that the buckets of all events are the record's; a run already ended
// gets its end at once; an unknown run is 404.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../helpers/service.js';
import { sseEvent } from '../../../builtins/http/events.js';
import { startWeb, type Web } from './helpers.js';

let web: Web;
before(async () => {
  web = await startWeb();
});
after(async () => web?.close());

interface Sse {
  event: string;
  data: { summary: { run_id: string; state: string; counts: { started: number } }; buckets: Array<{ second: number; started: number }>; thresholds: Array<{ expr: string; ok: boolean }> };
}

/** Read a whole event stream (it ends after the end event), parsed. */
async function events(runId: string): Promise<{ status: number; type: string | null; list: Sse[] }> {
  const r = await web.fetch(`/api/runs/${runId}/events`);
  const text = await r.text();
  const list = text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [ev, data] = block.split('\n');
      return { event: ev!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) } as Sse;
    });
  return { status: r.status, type: r.headers.get('content-type'), list };
}

const linear = (runId: string) => ({
  run_id: runId,
  operations: [{ type: 'wait', arguments: { seconds: 0.01 } }],
  distribution: { type: 'linear', total: 50, backlog: 50, cps: { rate: 20 } },
  thresholds: ['failed_rate < 0.01'],
});

test('a load run: progress events as it goes, then one end event; every bucket sent once, in order', async () => {
  const runId = `sse-${process.pid}`;
  assert.equal((await call(web.svc.port, 'ExecuteTest', linear(runId))).error, null);
  const { status, type, list } = await events(runId);
  assert.equal(status, 200);
  assert.match(type ?? '', /^text\/event-stream/);
  const names = list.map((e) => e.event);
  assert.ok(names.length >= 2 && names.slice(0, -1).every((n) => n === 'progress') && names.at(-1) === 'end', names.join());
  assert.equal(list[0]!.data.summary.run_id, runId);
  assert.equal(list[0]!.data.summary.state, 'running');
  const end = list.at(-1)!.data;
  assert.equal(end.summary.state, 'completed');
  assert.equal(end.summary.counts.started, 50);
  assert.deepEqual(end.thresholds.map((t) => [t.expr, t.ok]), [['failed_rate < 0.01', true]]);
  const rec = await waitForRun(web.svc.port, runId);
  const sent = list.flatMap((e) => e.data.buckets);
  assert.deepEqual(sent.map((b) => b.second), rec.buckets.map((b: { second: number }) => b.second), 'each second once, in order');
  assert.deepEqual(sent, rec.buckets, 'the final buckets of the record');
});

test('a run that has ended: its stream ends at once with all its buckets; two watchers get the same', async () => {
  const runId = `sse-done-${process.pid}`;
  assert.equal((await call(web.svc.port, 'ExecuteTest', { ...linear(runId), distribution: { type: 'load', total: 10, backlog: 10 } })).error, null);
  const rec = await waitForRun(web.svc.port, runId);
  const [a, b] = await Promise.all([events(runId), events(runId)]);
  assert.equal(a.list.at(-1)!.event, 'end');
  assert.deepEqual(a.list.flatMap((e) => e.data.buckets), rec.buckets);
  assert.deepEqual(b.list.flatMap((e) => e.data.buckets), rec.buckets);
});

test('an unknown run: 404 with code 2004', async () => {
  const r = await web.fetch('/api/runs/no-such-run/events');
  assert.equal(r.status, 404);
  assert.equal((await r.json()).error.code, 2004);
});

test('the wire form of an event: its name, its data as one JSON line, a blank line', () => {
  assert.equal(sseEvent('progress', { a: 'x\ny' }), 'event: progress\ndata: {"a":"x\\ny"}\n\n');
});
