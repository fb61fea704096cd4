// The live charts of a run (uPlot): started per second against the target rate, and p50/p99 latency per second.
// The series grow by one point a second; `data-points` on each chart says how many it holds (the tests read it).
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import type { Bucket } from '../api/types.js';

interface Series {
  label: string;
  values: Array<number | null>;
  /** A class's colour from app.css is not reachable from a canvas: the chart's own palette, checked for contrast. */
  stroke: string;
}

function Chart({ title, unit, series }: { title: string; unit: string; series: Series[] }) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | undefined>(undefined);
  const points = series[0]?.values.length ?? 0;
  const data = (): uPlot.AlignedData => [Array.from({ length: points }, (_, i) => i + 1), ...series.map((s) => s.values)];
  useEffect(() => {
    const el = host.current!;
    plot.current = new uPlot(
      {
        width: Math.max(320, el.clientWidth || 600),
        height: 220,
        scales: { x: { time: false } },
        axes: [{ label: 'second of the run' }, { label: unit }],
        series: [{ label: 's' }, ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, spanGaps: true }))],
      },
      data(),
      el,
    );
    return () => plot.current?.destroy();
  }, [series.length]);
  useEffect(() => {
    plot.current?.setData(data());
  });
  return (
    <figure class="live-chart" data-points={points}>
      <figcaption>{title}</figcaption>
      <div ref={host} role="img" aria-label={`${title}: ${points} seconds`} />
    </figure>
  );
}

export function LiveCharts({ buckets, targets }: { buckets: Bucket[]; targets: Array<number | null> }) {
  const hasTarget = targets.some((t) => t !== null);
  const rate: Series[] = [{ label: 'started/s', values: buckets.map((b) => b.started), stroke: '#0b5cad' }];
  if (hasTarget) rate.push({ label: 'target/s', values: targets, stroke: '#8a5300' });
  const latency: Series[] = [
    { label: 'p50 ms', values: buckets.map((b) => b.p50), stroke: '#116b2e' },
    { label: 'p99 ms', values: buckets.map((b) => b.p99), stroke: '#b3261e' },
  ];
  return (
    <div class="live-charts">
      <Chart title="Achieved against target rate" unit="instances/s" series={rate} />
      <Chart title="Latency per second" unit="ms" series={latency} />
    </div>
  );
}
