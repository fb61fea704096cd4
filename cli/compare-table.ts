// The comparison as `tester compare` and `tester run --baseline` print it: an aligned table (measure, base, new,
// change, gate), in sections (the run, each operation type's latency, the failure reasons), then the gates.
import { showChange, showValue, type CompareRow } from '../views/compare/rows.js';
import { showGateChange, type GateResult } from '../views/compare/gates.js';

/** Where each record came from: a file, or a run of the service. */
export interface Sources {
  base: string;
  new: string;
}

const section = (r: CompareRow) => (r.name === 'reason' ? 'failure reasons (first fails and aborts, as the records hold them)' : r.name.includes('.') ? 'latency per operation type (ms)' : '');

/** The gate marks of a row: `CROSSED p99_ms +10%`, `ok rate -5%`. */
function marks(row: CompareRow, gates: readonly GateResult[]): string {
  return gates
    .filter((g) => g.measure === row.name)
    .map((g) => `${g.crossed ? 'CROSSED' : 'ok'} ${g.gate}`)
    .join(', ');
}

function aligned(lines: string[][]): string[] {
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]?.length ?? 0)));
  // The measure column is left-aligned, the figures right-aligned, the gate column left-aligned and unpadded.
  return lines.map((l) => l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : i === l.length - 1 ? c : c.padStart(widths[i]!))).join('  ').trimEnd());
}

/** The whole text: sources, the table, the gates with their verdict. */
export function compareText(rows: readonly CompareRow[], gates: readonly GateResult[], from: Sources): string {
  const head = ['measure', 'base', 'new', 'change', gates.length ? 'gate' : ''];
  const body: Array<string[] | string> = [];
  let current = '';
  for (const r of rows) {
    const s = section(r);
    if (s !== current) body.push(s);
    current = s;
    body.push([r.name === 'reason' ? r.label : r.name, showValue(r.unit, r.base), showValue(r.unit, r.new), showChange(r), marks(r, gates)]);
  }
  const table = aligned([head, ...body.filter((b): b is string[] => Array.isArray(b))]);
  let i = 1;
  const out = [`base  ${from.base}`, `new   ${from.new}`, '', table[0]!];
  for (const b of body) out.push(Array.isArray(b) ? table[i++]! : `\n${b}`);
  if (gates.length) {
    const crossed = gates.filter((g) => g.crossed).length;
    out.push('', crossed ? `GATES CROSSED: ${crossed} of ${gates.length}` : `gates hold: ${gates.length} of ${gates.length}`);
    for (const g of gates) out.push(`  ${g.crossed ? 'CROSSED' : 'ok     '}  ${g.gate}: base ${showValue(g.measureUnit, g.base)}, new ${showValue(g.measureUnit, g.new)}, change ${showGateChange(g)}`);
  }
  return out.join('\n');
}
