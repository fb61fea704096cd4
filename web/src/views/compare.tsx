// Two runs side by side (#/compare/<a>/<b>): their counts, rates and percentiles in one table, and their latency
// distributions overlaid in one chart.
import { useMemo } from 'preact/hooks';
import { href } from '../app/route.js';
import { useRecord } from '../results/use-record.js';
import { CompareTable } from '../history/compare-table.js';
import { DistributionOverlay } from '../charts/distribution-overlay.js';
import { Alert } from '../app/alert.js';

export function CompareView({ a, b }: { a?: string; b?: string }) {
  const ra = useRecord(a);
  const rb = useRecord(b);
  const runs = useMemo(
    () => (ra.record && rb.record ? [ra.record, rb.record].map((r) => ({ label: r.run_id, points: r.latency?.distribution ?? [] })) : []),
    [ra.record, rb.record],
  );
  if (!a || !b) {
    return (
      <section>
        <h1>Compare runs</h1>
        <p>
          Pick two runs in the <a href={href('history')}>history</a> to compare them.
        </p>
      </section>
    );
  }
  const error = ra.error ?? rb.error;
  return (
    <section aria-labelledby="compare-title">
      <h1 id="compare-title">
        Compare <a href={href('results', a)}>{a}</a> and <a href={href('results', b)}>{b}</a>
      </h1>
      <Alert text={error} />
      {ra.record && rb.record ? (
        <>
          <CompareTable a={ra.record} b={rb.record} />
          <h2>Latency distributions</h2>
          <DistributionOverlay runs={runs} />
        </>
      ) : (
        !error && <p class="muted">Loading the records…</p>
      )}
    </section>
  );
}
