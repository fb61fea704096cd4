// What the results, history, comparison and gateways views read from the service: a run's record (QueryTest), the
// runs and gateway instances the service knows (ListTests, which includes the run store's past runs), and a run's
// downloads (GET /api/runs/<id>/<file>, docs/web.md), fetched with the bearer token: a plain link cannot carry it.
import { authHeaders, checkResponse } from './http.js';
import { rpc } from './rpc.js';
import type { RunRecord } from './types.js';
import type { RunList } from './list-types.js';

export const queryTest = (runId: string, signal?: AbortSignal) => rpc<RunRecord>('QueryTest', { run_id: runId }, signal);

export const listTests = (signal?: AbortSignal) => rpc<RunList>('ListTests', {}, signal);

/** The downloads the HTTP built-in renders from a run's record; `instance-<n>.pcap`: a failure's pcap slice. */
export type RunFile = 'report.html' | 'junit.xml' | 'results.csv' | 'record.json' | 'first-call.pcap' | `instance-${number}.pcap`;

export async function fetchRunFile(runId: string, file: RunFile): Promise<Blob> {
  const res = await checkResponse(await fetch(`/api/runs/${encodeURIComponent(runId)}/${file}`, { headers: authHeaders() }));
  return res.blob();
}
