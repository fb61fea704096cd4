// One run live (#/runs/<id>): state, counts, in flight, achieved against target rate, the charts, the thresholds
// with their state, Cancel (CancelTest), and the way to its results.
import { useState } from 'preact/hooks';
import { rpc } from '../api/rpc.js';
import { href } from '../app/route.js';
import { LiveCharts } from './live-chart.js';
import { useLiveRun } from './use-live-run.js';
import type { RunSummary, ThresholdState } from '../api/types.js';
import { ColumnHeads } from '../app/column-heads.js';
import { Alert } from '../app/alert.js';

const fmt = (n: number | undefined | null, digits = 1) => (n === undefined || n === null ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(digits));

export function LiveView({ runId }: { runId: string }) {
  const live = useLiveRun(runId);
  const [cancelMessage, setCancelMessage] = useState<string>();
  const s = live.summary;
  const running = s ? s.completed === 0 : false;
  const cancel = async () => {
    try {
      await rpc('CancelTest', { run_id: runId });
      setCancelMessage('Cancel sent: in-flight instances end as cancelled.');
    } catch (e) {
      setCancelMessage(`Cancel failed: ${(e as Error).message}`);
    }
  };
  return (
    <section class="live-run" aria-labelledby="live-title">
      <h2 id="live-title">
        Run <span class="mono">{runId}</span>{' '}
        <span class={`run-state state-${s?.state ?? 'unknown'}`} data-state={s?.state}>
          {s?.state ?? 'connecting…'}
        </span>
      </h2>
      <Alert text={live.error} />
      <div class="row">
        {running ? (
          <button type="button" class="danger" onClick={cancel}>
            Cancel
          </button>
        ) : null}
        <a class="button" href={href('results', runId)}>
          Results
        </a>
        {cancelMessage ? <span role="status">{cancelMessage}</span> : null}
      </div>
      {s ? <Figures s={s} /> : null}
      <LiveCharts buckets={live.buckets} targets={live.targets} />
      <Thresholds thresholds={live.thresholds} ended={live.ended} />
    </section>
  );
}

function Figures({ s }: { s: RunSummary }) {
  return (
<dl class="figures">
          {(['started', 'finished', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const).map((k) => (
            <div key={k} class={`figure figure-${k}`}>
              <dt>{k}</dt>
              <dd data-count={k}>{s.counts[k]}</dd>
            </div>
          ))}
          <div class="figure">
            <dt>in flight</dt>
            <dd>{s.in_progress}</dd>
          </div>
          <div class="figure">
            <dt>rate now / target</dt>
            <dd>
              {fmt(s.current_rate)} / {fmt(s.target_rate)} per s
            </dd>
          </div>
          <div class="figure">
            <dt>rate overall</dt>
            <dd>{fmt(s.rate)} per s</dd>
          </div>
        </dl>
        );
}

function Thresholds({ thresholds, ended }: { thresholds: ThresholdState[]; ended: boolean }) {
  if (!thresholds.length) return null;
  return (
<table class="thresholds">
          <caption>Thresholds</caption>
          <ColumnHeads names={['Threshold', 'Value', 'State']} />
          <tbody>
            {thresholds.map((t, i) => (
              <tr key={i}>
                <td class="mono">{t.expr}</td>
                <td>{fmt(t.value, 3)}</td>
                <td class={t.ok ? 'pass' : 'fail'}>{t.ok ? 'met' : ended ? 'crossed' : 'not met yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        );
}
