// The HTML report's charts, drawn in the browser with uPlot (inlined into the page): this function runs in the
// page, from its source text (`drawCharts.toString()`), so it may use nothing but its arguments and the DOM.
import type uPlot from 'uplot';

export interface ChartData {
  seconds: number[];
  started: number[];
  finished: number[];
  failed: number[];
  aborted: number[];
  dropped: number[];
  p50: Array<number | null>;
  p99: Array<number | null>;
  target: Array<number | null> | null;
  distribution: Array<[number, number]>;
}

export function drawCharts(UPlot: typeof uPlot, d: ChartData, doc: Document): void {
  const width = (el: HTMLElement) => Math.max(320, Math.min(1100, el.clientWidth || 900));
  const plot = (id: string, opts: Omit<uPlot.Options, 'width' | 'height'>, data: uPlot.AlignedData) => {
    const el = doc.getElementById(id);
    if (!el) return;
    if (!data[0].length) {
      el.textContent = 'no data: nothing happened in a whole second of this run';
      return;
    }
    new UPlot({ width: width(el), height: 260, ...opts }, data, el);
  };
  const secondsAxis = { label: 'second of the run', incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600] };
  plot(
    'chart-rate',
    {
      scales: { x: { time: false } },
      axes: [secondsAxis, { label: 'instances / s' }],
      series: [
        { label: 'second' },
        { label: 'started/s', stroke: '#1f77b4', width: 2 },
        { label: 'finished/s', stroke: '#2ca02c', width: 1 },
        ...(d.target ? [{ label: 'target/s', stroke: '#7f7f7f', dash: [6, 4], width: 1 }] : []),
        { label: 'failed/s', stroke: '#ff7f0e', width: 1 },
        { label: 'aborted/s', stroke: '#d62728', width: 1 },
        { label: 'dropped/s', stroke: '#9467bd', width: 1 },
      ],
    },
    [d.seconds, d.started, d.finished, ...(d.target ? [d.target] : []), d.failed, d.aborted, d.dropped],
  );
  plot(
    'chart-latency',
    {
      scales: { x: { time: false } },
      axes: [secondsAxis, { label: 'ms' }],
      series: [{ label: 'second' }, { label: 'p50 ms', stroke: '#2ca02c', width: 2 }, { label: 'p99 ms', stroke: '#d62728', width: 2 }],
    },
    [d.seconds, d.p50, d.p99],
  );
  const names = d.distribution.map(([p]) => (p === 0 ? 'min' : p === 100 ? 'max' : `p${p}`));
  plot(
    'chart-distribution',
    {
      scales: { x: { time: false } },
      axes: [{ label: 'percentile', values: (_u: uPlot, ticks: number[]) => ticks.map((t) => names[t] ?? '') , splits: () => names.map((_n, i) => i) }, { label: 'ms' }],
      series: [{ label: 'percentile', value: (_u: uPlot, v: number) => names[v] ?? '' }, { label: 'latency ms', stroke: '#1f77b4', width: 2, fill: 'rgba(31,119,180,0.12)', points: { show: true, size: 6 } }],
    },
    [d.distribution.map((_x, i) => i), d.distribution.map(([, ms]) => ms)],
  );
}
