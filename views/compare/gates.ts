// Regression gates: `tester compare BASE NEW --gate 'p99_ms +10%'`, `tester run --baseline BASE --gate ...`
// (docs/compare.md). A gate is MEASURE, then a signed threshold: the sign says which direction is the regression
// (+: an increase beyond the threshold, -: a decrease beyond it), the unit how the change is measured: `%` relative
// to the base, `pp` percentage points (the ratios only), none the measure's own unit (ms, /s, s, instances).
// The change equal to the threshold does not cross it: `failed +0` fails on one more failed instance.
import { findMeasure, RUN_MEASURES, LATENCY_STATS, type Measure, type Unit } from './measures.js';
import { changeOf } from './rows.js';
import type { RunRecord } from '../../core/api/index.js';

/** A gate that cannot be read: its message says what was expected. */
export class GateError extends Error {}

export interface Gate {
  /** As written (trimmed). */
  text: string;
  measure: Measure;
  /** +1: an increase is the regression; -1: a decrease is. */
  direction: 1 | -1;
  threshold: number;
  unit: '%' | 'pp' | 'abs';
}

export interface GateResult {
  gate: string;
  measure: string;
  /** The measure's unit (a ratio's values are fractions). */
  measureUnit: Unit;
  base: number | undefined;
  new: number | undefined;
  /** The change in the gate's unit (%, pp or the measure's), undefined when a value is missing; ±Infinity (null in
   * JSON) for a relative change from 0. */
  change: number | undefined;
  unit: Gate['unit'];
  crossed: boolean;
  /** Why a gate without a change counts as crossed. */
  note?: string;
}

const NUM = String.raw`(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const SHAPE = new RegExp(String.raw`^(\S+)\s+([+-]?)\s*(${NUM})\s*(%|pp|ms|s|/s)?$`);
const EXAMPLES = `MEASURE +N% | -N% | +Npp | -N (e.g. 'p99_ms +10%', 'rate -5%', 'failed_rate +0.1pp', 'failed +0')`;
const RATIOS = RUN_MEASURES.filter((m) => m.unit === 'ratio').map((m) => m.name);
/** The unit words a plain threshold may carry, by the measure's unit. */
const UNIT_WORDS: Record<string, string> = { ms: 'ms', s: 's', per_s: '/s' };

/** The known measure names, for messages. */
const MEASURE_NAMES = `${RUN_MEASURES.map((m) => m.name).join(', ')}, <operation type>.{${LATENCY_STATS.join(',')}}_ms`;

/** Read one gate; throws GateError saying what was expected. */
export function parseGate(text: string): Gate {
  const t = text.trim();
  const m = SHAPE.exec(t);
  if (!m) throw new GateError(`'${t}' is not a gate: expected ${EXAMPLES}`);
  const [, name, sign, amount, word] = m as unknown as [string, string, string, string, string | undefined];
  const measure = findMeasure(name);
  if (!measure) throw new GateError(`'${t}': unknown measure '${name}' (known: ${MEASURE_NAMES})`);
  if (!sign) throw new GateError(`'${t}': the threshold has no sign: +${amount}${word ?? ''} when an increase is the regression, -${amount}${word ?? ''} when a decrease is`);
  const unit = word === '%' ? '%' : word === 'pp' ? 'pp' : 'abs';
  if (unit === 'pp' && measure.unit !== 'ratio') throw new GateError(`'${t}': pp (percentage points) is for the ratios (${RATIOS.join(', ')}); give ${name} in % or in its own unit`);
  if (unit === 'abs' && measure.unit === 'ratio') throw new GateError(`'${t}': ${name} is a fraction: give its threshold in pp (percentage points, e.g. +0.1pp) or in %`);
  if (word !== undefined && unit === 'abs' && UNIT_WORDS[measure.unit] !== word) {
    throw new GateError(`'${t}': ${name} is not measured in ${word}${UNIT_WORDS[measure.unit] ? ` but in ${UNIT_WORDS[measure.unit]}` : ' (a count: give a plain number)'}`);
  }
  return { text: t, measure, direction: sign === '-' ? -1 : 1, threshold: Number(amount), unit };
}

/** The operation types the gates name that the base record does not have (a typo, or the wrong base). */
export function unknownOperations(gates: readonly Gate[], base: RunRecord): string[] {
  return gates.flatMap((g) => (g.measure.op !== undefined && !base.latency?.operations?.[g.measure.op] ? [g.measure.op] : []));
}

/** Each gate on the two records: crossed when the change goes beyond the threshold in the gate's direction, or
 * when either record has no value for the measure (nothing shows it did not regress). */
export function evaluateGates(gates: readonly Gate[], base: RunRecord, next: RunRecord): GateResult[] {
  return gates.map((g) => {
    const b = g.measure.value(base);
    const n = g.measure.value(next);
    const out = { gate: g.text, measure: g.measure.name, measureUnit: g.measure.unit, base: b, new: n, unit: g.unit };
    const c = changeOf(g.measure.unit, b, n);
    if (!c) return { ...out, change: undefined, crossed: true, note: `no ${g.measure.name} in the ${b === undefined ? 'base' : 'new'} record` };
    // A relative change from 0 is infinite in the direction of the new value.
    const change = g.unit === '%' ? (c.pct ?? (n! > b! ? Infinity : -Infinity)) : c.diff;
    return { ...out, change, crossed: g.direction * change > g.threshold, ...(Number.isFinite(change) ? {} : { note: `from 0 in the base record` }) };
  });
}

/** A gate's change as text in its unit: `+14.6%`, `+0.2pp`, `+3`. */
export function showGateChange(r: GateResult): string {
  if (r.change === undefined) return r.note ?? '-';
  const v = r.change === Infinity ? '∞' : r.change === -Infinity ? '-∞' : r.change.toLocaleString('en-US', { maximumFractionDigits: 3 });
  const signed = r.change > 0 ? `+${v}` : v;
  return r.unit === 'abs' ? signed : `${signed}${r.unit}`;
}
