// The results of a run (#/results/<run_id>): its verdict and counts, downloads, thresholds, the first fails and
// aborts grouped by reason, the first instance as a ladder whose messages open to their fields, hex and tests, its
// trace, the failures kept in detail (a ladder each), the report's charts and the latency per operation type.
import { recordRoles } from '../../../views/ladder-roles.js';
import { href } from '../app/route.js';
import { useRecord } from '../results/use-record.js';
import { Outcome, Operations, Thresholds, Verdict } from '../results/summary.js';
import { Problems } from '../results/problems.js';
import { Downloads } from '../results/downloads.js';
import { Ladder } from '../results/ladder.js';
import { Failures } from '../results/failures.js';
import { Trace } from '../results/trace.js';
import { RunCharts } from '../charts/run-charts.js';
import { Alert } from '../app/alert.js';

export function ResultsView({ runId }: { runId: string }) {
  const { record, error } = useRecord(runId);
  return (
    <section class="results" aria-labelledby="results-title">
      <h1 id="results-title">
        Run <code>{runId}</code> {record && <Verdict record={record} />}
      </h1>
      <Alert text={error} />
      {!record && !error && <p class="muted">Loading the record…</p>}
      {record && (
        <>
          <p>
            State <span class={`state-${record.state}`}>{record.state}</span>, distribution {record.distribution.type}.{' '}
            {record.completed !== 1 && <a href={href('runs', runId)}>Watch it live</a>}
          </p>
          <Outcome record={record} />
          <Downloads record={record} />
          <Thresholds record={record} />
          <Problems record={record} />
          <section aria-labelledby="ladder-title">
            <h2 id="ladder-title">First instance: message sequence</h2>
            <Ladder firstCall={record.first_call} roles={recordRoles(record)} />
          </section>
          <Trace firstCall={record.first_call} />
          <Failures record={record} />
          <RunCharts record={record} />
          <Operations record={record} />
        </>
      )}
    </section>
  );
}
