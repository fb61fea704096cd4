// Past and present runs (#/history): every run ListTests knows, the run store's past runs included, filtered by
// state, start date and text; each opens to its results, and any two are compared side by side.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { listTests } from '../api/records.js';
import type { RunLine } from '../api/list-types.js';
import { href, navigate } from '../app/route.js';
import { filterRuns, NO_FILTER, type RunFilter } from '../history/filter.js';
import { HistoryFilter } from '../history/filter-form.js';
import { when } from '../results/summary.js';
import { ColumnHeads } from '../app/column-heads.js';
import { Alert } from '../app/alert.js';

function useRuns(): { runs?: RunLine[]; error?: string; reload: () => void } {
  const [state, setState] = useState<{ runs?: RunLine[]; error?: string }>({});
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const abort = new AbortController();
    listTests(abort.signal).then(
      (list) => setState({ runs: list.runs }),
      (e: Error) => !abort.signal.aborted && setState({ error: e.message }),
    );
    return () => abort.abort();
  }, [generation]);
  return { ...state, reload: () => setGeneration((g) => g + 1) };
}

function RunRow({ run, selected, onSelect }: { run: RunLine; selected: boolean; onSelect: (on: boolean) => void }) {
  const c = run.counts;
  return (
    <tr data-run={run.run_id} class={selected ? 'selected' : undefined}>
      <td>
        <input type="checkbox" checked={selected} aria-label={`compare ${run.run_id}`} onChange={(e) => onSelect((e.target as HTMLInputElement).checked)} />
      </td>
      <td>
        <a href={href('results', run.run_id)}>{run.run_id}</a>
      </td>
      <td class={`state-${run.state}`}>{run.state}</td>
      <td>{when(run.time_start)}</td>
      <td class="num">{c.started}</td>
      <td class="num">{c.passed}</td>
      <td class="num">{c.failed + c.aborted}</td>
      <td class="num">{run.rate.toFixed(1)}</td>
    </tr>
  );
}

export function HistoryView() {
  const { runs, error, reload } = useRuns();
  const [filter, setFilter] = useState<RunFilter>(NO_FILTER);
  const [picked, setPicked] = useState<string[]>([]);
  const shown = useMemo(() => filterRuns(runs ?? [], filter), [runs, filter]);
  // At most two runs are picked: a third replaces the first picked.
  const pick = (id: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  return (
    <section aria-labelledby="history-title">
      <h1 id="history-title">History</h1>
      <HistoryFilter value={filter} onChange={setFilter} />
      <div class="row history-actions">
        <button type="button" class="primary" disabled={picked.length !== 2} onClick={() => navigate('compare', picked[0]!, picked[1]!)}>
          Compare the two picked runs
        </button>
        <span class="muted" aria-live="polite">
          {picked.length ? `Picked: ${picked.join(' and ')}` : 'Pick two runs to compare them.'}
        </span>
        <button type="button" onClick={reload}>
          Refresh
        </button>
      </div>
      <Alert text={error} />
      {runs && (
        <table class="history">
          <caption>
            {shown.length} of {runs.length} runs
          </caption>
          <ColumnHeads names={['compare', 'run', 'state', 'started', 'instances', 'passed', 'failed or aborted', 'rate /s']} />
          <tbody>
            {shown.map((r) => (
              <RunRow key={r.run_id} run={r} selected={picked.includes(r.run_id)} onSelect={(on) => pick(r.run_id, on)} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
