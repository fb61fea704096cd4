// The conformance table and the JUnit XML of `tester pack run`: one row (one test case) per procedure and CAP version,
// with its clause, its verdict and its evidence (the first failed check or the abort reason of the instance).
import { xmlText } from '../views/report/junit.js';
import type { Pack } from './pack-files.js';

export interface ProcedureResult {
  procedure: string;
  title: string;
  clause: string;
  cap: string;
  run_id: string;
  /** pass: every check held; fail: a check failed or the instance aborted; error: the service refused the run. */
  verdict: 'pass' | 'fail' | 'error';
  evidence: string;
  seconds: number;
}

const VERDICT = { pass: 'PASS', fail: 'FAIL', error: 'ERROR' } as const;

/** The table on stdout: procedure, CAP, clause, verdict, evidence; then the counts. */
export function packTable(pack: Pack, results: ProcedureResult[]): string {
  const head = ['procedure', 'cap', 'clause', 'verdict', 'evidence'];
  const rows = results.map((r) => [r.procedure, r.cap, r.clause, VERDICT[r.verdict], r.evidence.replace(/\s+/g, ' ')]);
  const w = head.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 4 ? c.padEnd(w[i]!) : c)).join('  ').trimEnd();
  const n = (v: ProcedureResult['verdict']) => results.filter((r) => r.verdict === v).length;
  return (
    `${pack.id}: ${pack.title}\n\n${line(head)}\n${line(w.map((x) => '-'.repeat(x)).concat('--------'))}\n${rows.map(line).join('\n')}\n\n` +
    `${results.length} procedure runs: ${n('pass')} passed, ${n('fail')} failed, ${n('error')} errors\n`
  );
}

/** JUnit XML (the Ant/Jenkins schema): one testsuite for the pack, one testcase per procedure and CAP version. */
export function packJunit(pack: Pack, results: ProcedureResult[]): string {
  const attr = (o: Record<string, string | number>) => Object.entries(o).map(([k, v]) => ` ${k}="${xmlText(String(v))}"`).join('');
  const failures = results.filter((r) => r.verdict === 'fail').length;
  const errors = results.filter((r) => r.verdict === 'error').length;
  const time = results.reduce((s, r) => s + r.seconds, 0);
  const cases = results.map((r) => {
    const open = `    <testcase${attr({ name: `${r.procedure} (${r.clause})`, classname: `${pack.id}.${r.cap}`, time: r.seconds.toFixed(3) })}`;
    if (r.verdict === 'pass') return `${open}/>`;
    const tag = r.verdict === 'fail' ? 'failure' : 'error';
    return `${open}>\n      <${tag}${attr({ type: r.verdict, message: r.evidence })}>${xmlText(`${r.title}\nrun ${r.run_id}\n${r.evidence}`)}</${tag}>\n    </testcase>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites${attr({ name: pack.id, tests: results.length, failures, errors, time: time.toFixed(3) })}>\n` +
    `  <testsuite${attr({ name: pack.id, tests: results.length, failures, errors, skipped: 0, time: time.toFixed(3) })}>\n` +
    `${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`
  );
}
