// A run's live events: GET /api/runs/<id>/events is a Server-Sent Events stream (docs/web.md), read with fetch()
// streaming because EventSource cannot send the Authorization header.
import { authHeaders, checkResponse } from './http.js';
import type { RunEvent } from './types.js';

/**
 * Follow a run until it ends or `signal` aborts: each `progress` (1 Hz) and the final `end` event is handed to
 * `onEvent`. Resolves when the stream closes.
 */
export async function followRun(runId: string, onEvent: (event: RunEvent) => void, signal: AbortSignal): Promise<void> {
  const res = await checkResponse(await fetch(`/api/runs/${encodeURIComponent(runId)}/events`, { headers: { ...authHeaders(), accept: 'text/event-stream' }, signal }));
  if (!res.body) return;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    pending += value;
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const event = parseEvent(pending.slice(0, end));
      pending = pending.slice(end + 2);
      if (event) onEvent(event);
    }
  }
}

/** One SSE event block (`event:` and `data:` lines; comment lines start with ':'). */
function parseEvent(block: string): RunEvent | undefined {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if ((type !== 'progress' && type !== 'end') || data.length === 0) return undefined;
  return { type, ...(JSON.parse(data.join('\n')) as Omit<RunEvent, 'type'>) };
}
