// A run's charts, the HTML report's own (views/report/charts.ts drawCharts over views/report/chart-data.ts): the
// start rate per second (achieved and, for a linear run, target), the p50/p99 latency per second and the latency
// distribution. Redrawn when the record changes (a running run's results view refreshes it).
import { useEffect } from 'preact/hooks';
import uPlot from 'uplot';
import { drawCharts } from '../../../views/report/charts.js';
import { chartData } from '../../../views/report/chart-data.js';
import { keyboardLegend } from './keyboard-legend.js';
import type { RunRecord } from '../api/types.js';

const CHARTS: Array<[id: string, title: string]> = [
  ['chart-rate', 'Start rate per second'],
  ['chart-latency', 'Instance latency per second (p50, p99 of the instances that finished in it)'],
  ['chart-distribution', 'Latency distribution (all instances)'],
];

export function RunCharts({ record }: { record: RunRecord }) {
  // After the page has painted (useEffect, not useLayoutEffect): the charts read their containers' width, which in
  // the same task as the commit would lay out the whole new page at once (47 ms with a 200-message ladder).
  useEffect(() => {
    for (const [id] of CHARTS) document.getElementById(id)?.replaceChildren();
    drawCharts(uPlot, chartData(record), document);
    for (const [id] of CHARTS) {
      const el = document.getElementById(id);
      if (el) keyboardLegend(el);
    }
  }, [record]);
  return (
    <section aria-labelledby="charts-title">
      <h2 id="charts-title">Charts</h2>
      {CHARTS.map(([id, title]) => (
        <figure key={id} class="plot">
          <figcaption>{title}</figcaption>
          <div id={id} class="chart" />
        </figure>
      ))}
    </section>
  );
}
