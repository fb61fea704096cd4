// Two runs side by side: counts, rates, duration, instance latency percentiles and the p99 of each operation type,
// with the difference of b against a.
import { num } from '../../../views/format.js';
import type { RunRecord } from '../api/types.js';
import { compareRows, type Row } from './compare-rows.js';

function delta(a: Row[1], b: Row[2]): string {
  if (typeof a !== 'number' || typeof b !== 'number') return a === b ? '' : 'differs';
  const d = b - a;
  if (d === 0) return '=';
  const pct = a !== 0 ? ` (${d > 0 ? '+' : ''}${num(Math.round((1000 * d) / a) / 10)}%)` : '';
  return `${d > 0 ? '+' : ''}${num(d)}${pct}`;
}

const show = (v: Row[1]) => (v === undefined ? '-' : typeof v === 'number' ? num(v) : v);

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
        {compareRows(a, b).map(([label, va, vb]) => (
          <tr key={label} data-measure={label}>
            <th scope="row">{label}</th>
            <td class="num">{show(va)}</td>
            <td class="num">{show(vb)}</td>
            <td class="num">{delta(va, vb)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
