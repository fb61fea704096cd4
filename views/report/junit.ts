// JUnit XML of a run (`tester run --junit FILE`, `tester report RESULT.json --junit FILE`), for CI systems
// (Jenkins, GitLab, GitHub actions' test reporters): one testsuite per run; one testcase for the run's instances
// (a failure carrying the first fails and aborts, grouped), one per threshold (a failure when crossed, with the
// measured value), one per failure the record keeps in detail (failures[]: a failure carrying the instance's ladder
// as text and the path of its pcap slice), and one per regression gate (`tester run --baseline`; `tester compare`
// writes the gates alone). The Ant/Jenkins JUnit schema: test/fixtures/junit/junit.xsd.
import { groupProblems, instancesPassed } from './verdict.js';
import { ladderText } from '../ladder-text.js';
import { showGateChange, type GateResult } from '../compare/gates.js';
import { showValue } from '../compare/rows.js';
import type { RunRecord } from '../../core/api/index.js';

/** A character XML 1.0 cannot carry: the complement of its Char production (tab, newline, CR and the printable ranges). */
// oxlint-disable-next-line no-control-regex -- the class names the control characters XML allows, to replace the others
const NOT_XML_CHAR = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** XML 1.0 text: escaped, and without the characters XML cannot carry (control characters other than tab/newline). */
export function xmlText(s: string): string {
  return s
    .replace(NOT_XML_CHAR, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const attrs = (o: Record<string, string | number | undefined>) =>
  Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlText(String(v))}"`)
    .join('');

const seconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(3) : '0.000');

/** `[sec, usec]` → the ISO 8601 local-free form the Ant schema's timestamp takes (no zone: UTC). */
function isoTimestamp(t: unknown): string | undefined {
  if (!Array.isArray(t)) return undefined;
  return new Date(Number(t[0]) * 1000 + Math.floor(Number(t[1]) / 1000)).toISOString().slice(0, 19);
}

interface Case {
  name: string;
  classname: string;
  time: string;
  failure?: { type: string; message: string; text: string };
  error?: { type: string; message: string; text: string };
  /** What a passing case says (a gate's values). */
  out?: string;
}

function instancesCase(rec: RunRecord, suite: string): Case {
  const c = rec.counts ?? {};
  const base = { name: `instances (${rec.distribution?.type ?? 'single'})`, classname: suite, time: seconds(rec.duration) };
  if (instancesPassed(rec)) return base;
  const problems = [...groupProblems(rec.first_fails ?? []).map((l) => `fail: ${l}`), ...groupProblems(rec.first_aborts ?? []).map((l) => `abort: ${l}`)];
  const counts = `started ${c.started ?? 0}, passed ${c.passed ?? 0}, failed ${c.failed ?? 0}, aborted ${c.aborted ?? 0}, cancelled ${c.cancelled ?? 0}, dropped ${c.dropped ?? 0}`;
  const text = [counts, ...problems, ...(rec.abort_reason ? [`run aborted: ${rec.abort_reason}`] : [])].join('\n');
  if (rec.state !== 'completed') return { ...base, error: { type: `run ${rec.state}`, message: `run ${rec.state}: ${rec.abort_reason ?? counts}`, text } };
  const first = rec.first_fails?.[0] ?? rec.first_aborts?.[0];
  return { ...base, failure: { type: 'instances', message: `${counts}${first ? `; first: ${first.text}` : ''}`, text } };
}

function thresholdCase(t: NonNullable<RunRecord['thresholds']>[number], suite: string): Case {
  const base = { name: `threshold ${t.expr}`, classname: `${suite}.thresholds`, time: '0.000' };
  if (t.ok) return base;
  const measured = t.value === null ? 'nothing measured' : `${t.metric} = ${t.value}`;
  return { ...base, failure: { type: 'threshold', message: `${t.expr} crossed: ${measured} (bound ${t.bound})`, text: `${t.expr}\n${measured}\nbound ${t.bound}` } };
}

/** A gate: its values and change in either case, a failure when crossed. */
function gateCase(r: GateResult, suite: string): Case {
  const base = { name: `gate ${r.gate}`, classname: `${suite}.gates`, time: '0.000' };
  const values = `base ${showValue(r.measureUnit, r.base)}, new ${showValue(r.measureUnit, r.new)}, change ${showGateChange(r)}`;
  if (!r.crossed) return { ...base, out: `${r.gate} holds: ${values}` };
  return { ...base, failure: { type: 'gate', message: `${r.gate} crossed: ${values}`, text: `${r.gate}\n${values}` } };
}

type Failure = NonNullable<RunRecord['failures']>[number];

/** Where a failure's pcap slice is: by default the service's download of it. */
type PcapPath = (rec: RunRecord, pcap: string) => string;
const downloadPath: PcapPath = (rec, pcap) => `/api/runs/${encodeURIComponent(rec.run_id)}/${pcap}`;

function failureCase(rec: RunRecord, f: Failure, suite: string, pcapPath: PcapPath): Case {
  const pcap = f.pcap ? `pcap slice: ${pcapPath(rec, f.pcap)}` : 'pcap slice: none (trace_level 2 records the bytes)';
  const text = [`instance ${f.instance} ${f.outcome} at op ${f.op_idx}: ${f.reason}`, pcap, '', ladderText(f)].join('\n');
  return { name: `instance ${f.instance}`, classname: `${suite}.failures`, time: seconds(f.duration), failure: { type: f.outcome, message: f.reason, text } };
}

/** What a record's JUnit document may add: the gates of `tester run --baseline`, where the failures' pcap slices are. */
export interface JunitExtras {
  gates?: readonly GateResult[];
  pcapPath?: PcapPath;
}

/** The JUnit XML document of one result record; `host` is the testsuite's hostname (the machine that wrote it:
 * the caller knows it, this module runs in browsers too). */
export function junitXml(rec: RunRecord, host = 'localhost', extras: JunitExtras = {}): string {
  const suite = `tester.${rec.run_id}`;
  const pcapPath = extras.pcapPath ?? downloadPath;
  const cases = [
    instancesCase(rec, suite),
    ...(rec.thresholds ?? []).map((t) => thresholdCase(t, suite)),
    ...(rec.failures ?? []).map((f) => failureCase(rec, f, suite, pcapPath)),
    ...(extras.gates ?? []).map((g) => gateCase(g, suite)),
  ];
  const props: Array<[string, unknown]> = [
    ['run_id', rec.run_id],
    ['state', rec.state],
    ['distribution', JSON.stringify(rec.distribution ?? {})],
    ['rate', rec.rate],
    ...Object.entries(rec.counts ?? {}).map(([k, v]) => [`count.${k}`, v] as [string, unknown]),
    ...(['p50', 'p90', 'p99', 'max'] as const).map((k) => [`latency_ms.${k}`, rec.latency?.instance?.[k]] as [string, unknown]),
  ];
  return document({ name: suite, time: seconds(rec.duration), timestamp: isoTimestamp(rec.time_start), host }, props, cases);
}

/** The JUnit XML of `tester compare --junit`: one test case per gate, the two run ids as properties. */
export function junitGates(gates: readonly GateResult[], runs: { base: string; new: string }, host = 'localhost'): string {
  const suite = `tester.compare.${runs.new}`;
  const props: Array<[string, unknown]> = [['base_run_id', runs.base], ['new_run_id', runs.new]];
  return document({ name: suite, time: '0.000', timestamp: undefined, host }, props, gates.map((g) => gateCase(g, suite)));
}

function document(s: { name: string; time: string; timestamp: string | undefined; host: string }, props: Array<[string, unknown]>, cases: Case[]): string {
  const failures = cases.filter((c) => c.failure).length;
  const errors = cases.filter((c) => c.error).length;
  const time = s.time;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: 'tester', tests: cases.length, failures, errors, time })}>`,
    `  <testsuite${attrs({ name: s.name, tests: cases.length, failures, errors, skipped: 0, time, timestamp: s.timestamp, hostname: s.host })}>`,
    '    <properties>',
    ...props.filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => `      <property${attrs({ name: k, value: String(v) })}/>`),
    '    </properties>',
  ];
  for (const c of cases) {
    const problem = c.failure ? ['failure', c.failure] as const : c.error ? ['error', c.error] as const : undefined;
    const open = `    <testcase${attrs({ name: c.name, classname: c.classname, time: c.time })}`;
    if (!problem && c.out === undefined) {
      out.push(`${open}/>`);
      continue;
    }
    out.push(`${open}>`);
    if (problem) out.push(`      <${problem[0]}${attrs({ type: problem[1].type, message: problem[1].message })}>${xmlText(problem[1].text)}</${problem[0]}>`);
    if (c.out !== undefined) out.push(`      <system-out>${xmlText(c.out)}</system-out>`);
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}
