// The comparison of two records as rows (measure, base, new, change), shared by `tester compare` and the web
// client's compare view: the run's state and distribution, every run measure, the p50 and p99 of each operation
// type either run has (and any other measure a gate names), then the failure reasons with their counts.
import { RUN_MEASURES, operationMeasure, operationTypes, type Measure, type Unit } from './measures.js';
import type { RunRecord } from '../../core/api/index.js';

export interface Change {
  /** new - base in the measure's unit; a ratio's in percentage points. */
  diff: number;
  /** (new - base) / base in %; undefined when base is 0 and new is not. */
  pct: number | undefined;
}

export interface CompareRow {
  /** The measure's name (what a gate names), or `state`, `distribution`, `reason`. */
  name: string;
  label: string;
  unit: Unit | 'text';
  base: number | string | undefined;
  new: number | string | undefined;
  change: Change | undefined;
}

/** Float noise off (0.1 pp stays 0.1, not 0.09999999999999999), so that a gate at exactly its threshold holds. */
const clean = (x: number) => Math.round(x * 1e9) / 1e9;

export function changeOf(unit: Unit, base: number | undefined, next: number | undefined): Change | undefined {
  if (base === undefined || next === undefined) return undefined;
  const diff = clean(unit === 'ratio' ? (next - base) * 100 : next - base);
  const pct = base !== 0 ? clean(((next - base) / Math.abs(base)) * 100) : next === base ? 0 : undefined;
  return { diff, pct };
}

function measureRow(m: Measure, base: RunRecord, next: RunRecord): CompareRow {
  const b = m.value(base);
  const n = m.value(next);
  return { name: m.name, label: m.label, unit: m.unit, base: b, new: n, change: changeOf(m.unit, b, n) };
}

const text = (name: string, base: string, next: string): CompareRow => ({ name, label: name, unit: 'text', base, new: next, change: undefined });

/** The rows of the comparison; `extra` measures (a gate's `<op>.p90_ms`) are added where the defaults lack them. */
export function compareRows(base: RunRecord, next: RunRecord, extra: readonly Measure[] = []): CompareRow[] {
  const ops = [...new Set([...operationTypes(base), ...operationTypes(next)])].sort();
  const measures = [...RUN_MEASURES, ...ops.flatMap((op) => [operationMeasure(op, 'p50'), operationMeasure(op, 'p99')])];
  for (const m of extra) if (!measures.some((d) => d.name === m.name)) measures.push(m);
  return [
    text('state', base.state, next.state),
    text('distribution', base.distribution?.type, next.distribution?.type),
    ...measures.map((m) => measureRow(m, base, next)),
    ...reasonRows(base, next),
  ];
}

type Problem = RunRecord['first_fails'][number];

/** The failure reasons of a record as it recorded them (first fails and aborts), counted by kind, operation and text. */
function reasonCounts(rec: RunRecord): Map<string, number> {
  const out = new Map<string, number>();
  const add = (kind: string, list: readonly Problem[] | undefined) => {
    for (const p of list ?? []) {
      const k = `${kind} op ${p.op_idx}: ${p.text}`;
      out.set(k, (out.get(k) ?? 0) + 1);
    }
  };
  add('fail', rec.first_fails);
  add('abort', rec.first_aborts);
  return out;
}

/** One row per failure reason either record has: how often each recorded it (0 when it did not). */
function reasonRows(base: RunRecord, next: RunRecord): CompareRow[] {
  const b = reasonCounts(base);
  const n = reasonCounts(next);
  return [...new Set([...b.keys(), ...n.keys()])].map((label) => {
    const [vb, vn] = [b.get(label) ?? 0, n.get(label) ?? 0];
    return { name: 'reason', label, unit: 'count', base: vb, new: vn, change: changeOf('count', vb, vn) };
  });
}

const plain = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });
const signed = (v: number) => `${v > 0 ? '+' : ''}${plain(v)}`;

/** A row's value as text: a ratio in %, other numbers with up to 3 decimals, '-' when missing. */
export function showValue(unit: CompareRow['unit'], v: number | string | undefined): string {
  if (v === undefined) return '-';
  if (typeof v === 'string') return v;
  return unit === 'ratio' ? `${plain(v * 100)}%` : plain(v);
}

/** A row's change as text: `+0.2pp` for a ratio, `+1.5 (+12.5%)` otherwise, `=` for none, `differs` for text. */
export function showChange(row: CompareRow): string {
  const c = row.change;
  if (!c) return row.base === row.new || row.base === undefined || row.new === undefined ? '' : 'differs';
  if (c.diff === 0) return '=';
  if (row.unit === 'ratio') return `${signed(c.diff)}pp`;
  return `${signed(c.diff)} (${c.pct === undefined ? 'from 0' : `${signed(c.pct)}%`})`;
}
