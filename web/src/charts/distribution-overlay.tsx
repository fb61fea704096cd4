// Two runs' latency distributions overlaid (uPlot): the instance latency at each percentile the records give
// (min, p10 … p99.99, max), one line per run, on a log scale so that a run's tail and its median both show.
import { useMemo } from 'preact/hooks';
import type uPlot from 'uplot';
import { Plot } from './plot.js';
import { alignDistributions, type Distribution } from './align.js';

const percentileName = (p: number) => (p === 0 ? 'min' : p === 100 ? 'max' : `p${p}`);
/** Series colours: distinct, and each above 3:1 against white (WCAG's non-text contrast). */
const COLOURS = ['#0b5cad', '#b34700'];

export function DistributionOverlay({ runs }: { runs: Distribution[] }) {
  const { percentiles, values } = useMemo(() => alignDistributions(runs), [runs]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false }, y: { distr: 3 } },
      axes: [
        { label: 'percentile', splits: () => percentiles.map((_p, i) => i), values: (_u, ticks) => ticks.map((t) => (percentiles[t] === undefined ? '' : percentileName(percentiles[t]!))) },
        { label: 'ms (log scale)' },
      ],
      series: [
        { label: 'percentile', value: (_u, v) => (percentiles[v] === undefined ? '' : percentileName(percentiles[v]!)) },
        ...runs.map((r, i) => ({ label: r.label, stroke: COLOURS[i % COLOURS.length], width: 2, points: { show: true, size: 6 } })),
      ],
    }),
    [percentiles, runs],
  );
  const data = useMemo<uPlot.AlignedData>(() => [percentiles.map((_p, i) => i), ...values], [percentiles, values]);
  if (!percentiles.length) return <p class="muted">No latency distribution: no instance finished in these runs.</p>;
  return <Plot options={options} data={data} caption={`Instance latency distribution of ${runs.map((r) => r.label).join(' and ')}, ms at each percentile`} />;
}
