// GET /api/runs/<run_id>/events: Server-Sent Events of one run (read by the client with fetch() streaming, since
// EventSource cannot send the Authorization header). At once and then every second an event `progress` with the
// run's summary, the per-second buckets not sent yet and the thresholds with their state; when the run has ended,
// one event `end` with the same members, and the stream closes. A comment line every 15 s keeps proxies from
// closing a quiet stream. While a run goes, its last bucket is the second still open: it is sent once closed, so
// each bucket is sent once, final.
import type { ServerResponse } from 'node:http';
import type { KnownRun } from '../../core/api/index.js';
import type { RunFeeds, Snapshot } from './run-feed.js';

const KEEP_ALIVE_MS = 15_000;

/** One SSE event: its name and its data as one JSON line. */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Stream a run's events to a response until the run ends or the client goes. */
export function streamRunEvents(res: ServerResponse, run: KnownRun, feeds: RunFeeds, open: Set<ServerResponse>): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  open.add(res);
  let sent = 0;
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const stop = feeds.subscribe(run, (s: Snapshot) => {
    const upTo = s.ended ? s.buckets.length : Math.max(sent, s.buckets.length - 1);
    const data = { summary: s.summary, buckets: s.buckets.slice(sent, upTo), thresholds: s.thresholds };
    sent = upTo;
    res.write(sseEvent(s.ended ? 'end' : 'progress', data));
    if (s.ended) res.end();
  });
  res.on('close', () => {
    clearInterval(keepAlive);
    open.delete(res);
    stop();
  });
}
