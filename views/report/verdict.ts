// The verdict of a result record, shared by the summary, JUnit and the HTML report: completed with every instance
// passed and every threshold holding; and first fails/aborts grouped by text.
import type { RunRecord } from '../../core/api/index.js';

type Threshold = NonNullable<RunRecord['thresholds']>[number];

/** The verdict `tester run` exits with: completed, every instance passed, every threshold holds. */
export function passed(rec: RunRecord): boolean {
  return instancesPassed(rec) && crossedThresholds(rec).length === 0;
}

/** Completed, something started, nothing failed, aborted, cancelled or dropped. */
export function instancesPassed(rec: RunRecord): boolean {
  const c = rec.counts ?? {};
  return rec.state === 'completed' && (c.failed ?? 0) + (c.aborted ?? 0) + (c.dropped ?? 0) + (c.cancelled ?? 0) === 0 && (c.started ?? 0) > 0;
}

/** The thresholds the run crossed. */
export function crossedThresholds(rec: RunRecord): Threshold[] {
  return (rec.thresholds ?? []).filter((t) => !t.ok);
}

/** Problems of one reason: the operation, the text, the instances ($n) in the order they were met. */
export interface ProblemGroup {
  op: number;
  text: string;
  idx: number[];
}

/** first_fails / first_aborts grouped by operation and text. */
export function problemGroups(list: Array<{ idx: number; op_idx: number; text: string }>): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const p of list) {
    const k = `${p.op_idx}\u0000${p.text}`;
    const g = groups.get(k) ?? { op: p.op_idx, text: p.text, idx: [] };
    g.idx.push(p.idx);
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** first_fails / first_aborts grouped by operation and text: `3× op 1: wrong balance (instances 3, 5, 9)`. */
export function groupProblems(list: Array<{ idx: number; op_idx: number; text: string }>): string[] {
  return problemGroups(list).map((g) =>
    g.idx.length === 1 ? `instance ${g.idx[0]} op ${g.op}: ${g.text}` : `${g.idx.length}× op ${g.op}: ${g.text} (instances ${g.idx.join(', ')})`,
  );
}
