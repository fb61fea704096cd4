// Two runs side by side: the rows `tester compare` prints (views/compare/rows.ts: counts, rates, ratios, duration,
// instance latency percentiles, the p50 and p99 of each operation type, the failure reasons), with the change of b
// against a.
import type { RunRecord } from '../api/types.js';
import { compareRows, showChange, showValue } from '../../../views/compare/rows.js';

export function CompareTable({ a, b }: { a: RunRecord; b: RunRecord }) {
  return (
    <table class="compare">
      <thead>
        <tr>
          <th scope="col">measure</th>
          <th scope="col">
            <code>{a.run_id}</code>
          </th>
          <th scope="col">
            <code>{b.run_id}</code>
          </th>
          <th scope="col">difference</th>
        </tr>
      </thead>
      <tbody>
        {compareRows(a, b).map((row) => (
          <tr key={row.label} data-measure={row.label} title={row.name === 'reason' ? undefined : row.name}>
            <th scope="row">{row.label}</th>
            <td class="num">{showValue(row.unit, row.base)}</td>
            <td class="num">{showValue(row.unit, row.new)}</td>
            <td class="num">{showChange(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
