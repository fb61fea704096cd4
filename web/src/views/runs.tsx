// Runs (#/runs, #/runs/<id>): every run the service knows, with live counts (several at once, whoever started
// them), and the live view of the one chosen.
import { rpc } from '../api/rpc.js';
import { href } from '../app/route.js';
import { LiveView } from '../runs/live-view.js';
import { useRuns } from '../runs/use-runs.js';
import { ColumnHeads } from '../app/column-heads.js';
import { Alert } from '../app/alert.js';

export function RunsView({ runId }: { runId?: string }) {
  const { runs, error } = useRuns();
  const sorted = [...(runs ?? [])].sort((a, b) => b.time_start[0] - a.time_start[0] || b.time_start[1] - a.time_start[1]);
  return (
    <section>
      <h1>Runs</h1>
      {runId ? <LiveView key={runId} runId={runId} /> : null}
      <h2>All runs</h2>
      <Alert text={error} />
      {runs === undefined ? (
        <p class="muted">Loading…</p>
      ) : sorted.length === 0 ? (
        <p class="muted">
          No runs yet. Compose one in the <a href={href('editor')}>editor</a>.
        </p>
      ) : (
        <table class="runs">
          <caption class="sr-only">Runs known to the service</caption>
          <ColumnHeads names={['Run', 'State', 'Started', 'Finished', 'Passed', 'Failed', 'In flight', 'Rate/s', 'Since', 'Actions']} />
          <tbody>
            {sorted.map((r) => (
              <tr key={r.run_id} data-run={r.run_id} aria-current={r.run_id === runId ? 'true' : undefined}>
                <td>
                  <a href={href('runs', r.run_id)} class="mono">
                    {r.run_id}
                  </a>
                </td>
                <td class={`state-${r.state}`}>{r.state}</td>
                <td>{r.counts.started}</td>
                <td>{r.counts.finished}</td>
                <td>{r.counts.passed}</td>
                <td>{r.counts.failed}</td>
                <td>{r.in_progress}</td>
                <td>{r.rate.toFixed(1)}</td>
                <td>{new Date(r.time_start[0] * 1000).toLocaleTimeString()}</td>
                <td class="row">
                  {r.completed === 0 ? (
                    <button type="button" class="small danger" aria-label={`Cancel ${r.run_id}`} onClick={() => void rpc('CancelTest', { run_id: r.run_id }).catch(() => undefined)}>
                      Cancel
                    </button>
                  ) : null}
                  <a href={href('results', r.run_id)}>Results</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
