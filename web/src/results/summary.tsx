// The head of a run's results: its verdict (the report's own, views/report/verdict.ts), outcome counts, rates,
// instance latency, thresholds and the latency per operation type.
import { passed } from '../../../views/report/verdict.js';
import { num, secs } from '../../../views/format.js';
import type { RunRecord } from '../api/types.js';
import { ColumnHeads } from '../app/column-heads.js';

const COUNTS = ['started', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;

/** A record time as local date and time. */
export function when(t: unknown): string {
  const s = secs(t);
  return Number.isFinite(s) ? new Date(s * 1000).toLocaleString() : '-';
}

export function Verdict({ record }: { record: RunRecord }) {
  if (record.completed !== 1) return <span class="verdict running">RUNNING</span>;
  return passed(record) ? <span class="verdict passed">PASSED</span> : <span class="verdict not-passed">NOT PASSED</span>;
}

export function Outcome({ record }: { record: RunRecord }) {
  const c = record.counts;
  const li = record.latency?.instance;
  const target = record.distribution.type === 'linear' ? record.distribution.cps?.rate : undefined;
  return (
    <section aria-labelledby="outcome-title">
      <h2 id="outcome-title">Outcome</h2>
      <ul class="cards">
        {COUNTS.map((k) => (
          <li key={k} class={`card${k !== 'started' && k !== 'passed' && c[k] ? ' bad' : ''}`} data-count={k}>
            <span class="v">{num(c[k])}</span> <span class="k">{k}</span>
          </li>
        ))}
      </ul>
      <p>
        Achieved rate <b>{num(record.rate)}</b> instances/s{target !== undefined && <> (target {num(target)}/s)</>}; at most {num(record.max_in_progress)} in progress; started {when(record.time_start)}
        {typeof record.duration === 'number' && <>, lasted {num(record.duration)} s</>}.
      </p>
      <p>
        Instance latency:{' '}
        {li?.count ? (
          <>
            p50 <b>{num(li.p50)}</b> ms, p90 {num(li.p90)} ms, p99 <b>{num(li.p99)}</b> ms, max {num(li.max)} ms, mean {num(li.mean)} ms ({num(li.count)} instances)
          </>
        ) : (
          'none finished'
        )}
        .
      </p>
    </section>
  );
}

export function Thresholds({ record }: { record: RunRecord }) {
  const list = record.thresholds ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby="thresholds-title">
      <h2 id="thresholds-title">Thresholds</h2>
      <table>
        <ColumnHeads names={['state', 'threshold', 'measured']} />
        <tbody>
          {list.map((t) => (
            <tr key={t.expr}>
              <td class={t.ok ? 'pass' : 'fail'}>{t.ok ? '✓ holds' : '✗ crossed'}</td>
              <td>
                <code>{t.expr}</code>
              </td>
              <td>
                {t.metric} = {t.value === null ? 'nothing measured' : num(t.value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Operations({ record }: { record: RunRecord }) {
  const ops = Object.entries(record.latency?.operations ?? {});
  if (!ops.length) return null;
  return (
    <section aria-labelledby="ops-title">
      <h2 id="ops-title">Latency per operation type</h2>
      <table>
        <ColumnHeads names={['operation type', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'mean ms']} />
        <tbody>
          {ops.map(([type, l]) => (
            <tr key={type}>
              <td>
                <code>{type}</code>
              </td>
              {[l.count, l.p50, l.p90, l.p99, l.max, l.mean].map((v, i) => (
                <td key={i} class="num">
                  {num(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
