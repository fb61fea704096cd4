// views/report/junit.ts: JUnit XML valid against the Ant/Jenkins schema (checked by xmllint, an independent
// validator), one test case for the instances and one per threshold, failures carrying the first fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { junitXml, junitGates, xmlText } from '../../../views/report/junit.js';
import { parseGate, evaluateGates } from '../../../views/compare/gates.js';
import { needsTool } from '../../helpers/tools.js';
import { startTestService } from '../../helpers/service.js';
import { tester } from '../../cli/helpers.js';
import type { RunningService } from '../../../core/service.js';
import type { RunRecord } from '../../../core/api/index.js';
import { withFailures } from '../../fixtures/junit/failures-record.js';

const xsd = join(import.meta.dirname, '../../fixtures/junit/junit.xsd');
const dir = mkdtempSync(join(tmpdir(), 'tester-junit-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const xmllint = needsTool('xmllint', 'apt-get install libxml2-utils');

/** xmllint --schema: '' when valid, else its complaints. */
function schemaErrors(xml: string): string {
  const f = join(dir, `r-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(f, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', xsd, f], { encoding: 'utf8' });
  return r.status === 0 ? '' : r.stderr || `xmllint exited ${r.status}`;
}

const base: RunRecord = {
  run_id: 'r1',
  state: 'completed',
  completed: 1,
  time_start: [1_700_000_000, 250_000],
  duration: 2.5,
  rate: 40,
  distribution: { type: 'load', total: 100, backlog: 10 },
  counts: { started: 100, finished: 100, passed: 100, failed: 0, aborted: 0, cancelled: 0, dropped: 0 },
  latency: { instance: { count: 100, p50: 1, p90: 2, p99: 3, max: 4, mean: 1.2 }, operations: {}, distribution: [] },
  first_fails: [],
  first_aborts: [],
  in_progress: 0,
  globals: {},
  buckets: [],
  max_in_progress: 10,
};

test('the schema check is real: xmllint refuses a document that breaks it', xmllint, () => {
  assert.match(schemaErrors('<testsuites><testsuite name="x" tests="one" failures="0" errors="0" time="1"/></testsuites>'), /tests/);
  assert.match(schemaErrors('<testsuites><testsuite name="x" tests="1" failures="0" errors="0" time="1"><testcase name="a"/></testsuite></testsuites>'), /classname/);
});

test('a passed run: one passing test case, valid', xmllint, () => {
  const xml = junitXml(base);
  assert.equal(schemaErrors(xml), '');
  assert.match(xml, /<testsuite name="tester\.r1" tests="1" failures="0" errors="0" skipped="0" time="2\.500" timestamp="2023-11-14T22:13:20"/);
  assert.match(xml, /<testcase name="instances \(load\)" classname="tester\.r1" time="2\.500"\/>/);
  assert.match(xml, /<property name="count\.passed" value="100"\/>/);
});

test('fails, aborts and crossed thresholds: failures with the grouped first fails and the measured values', xmllint, () => {
  const time: [number, number] = [1_700_000_001, 0];
  const rec: RunRecord = {
    ...base,
    counts: { ...base.counts, passed: 96, failed: 3, aborted: 1 },
    first_fails: [3, 5, 9].map((idx) => ({ idx, op_idx: 1, text: 'balance <wrong> & "odd"\u0001', time })),
    first_aborts: [{ idx: 7, op_idx: 0, text: 'no answer', time }],
    thresholds: [
      { expr: 'p99_ms < 2', metric: 'p99_ms', value: 3, bound: 2, ok: false },
      { expr: 'rate >= 10', metric: 'rate', value: 40, bound: 10, ok: true },
      { expr: 'p99_ms[x] < 1', metric: 'p99_ms[x]', value: null, bound: 1, ok: false },
    ],
  };
  const xml = junitXml(rec);
  assert.equal(schemaErrors(xml), '');
  assert.match(xml, /<testsuites name="tester" tests="4" failures="3" errors="0"/);
  assert.match(xml, /<failure type="instances" message="started 100, passed 96, failed 3, aborted 1, cancelled 0, dropped 0; first: balance &lt;wrong&gt; &amp; &quot;odd&quot;\uFFFD">/);
  assert.match(xml, /fail: 3× op 1: balance &lt;wrong&gt;/);
  assert.match(xml, /abort: instance 7 op 0: no answer/);
  assert.match(xml, /<testcase name="threshold p99_ms &lt; 2" classname="tester\.r1\.thresholds" time="0\.000">\n\s+<failure type="threshold" message="p99_ms &lt; 2 crossed: p99_ms = 3 \(bound 2\)">/);
  assert.match(xml, /<testcase name="threshold rate &gt;= 10" classname="tester\.r1\.thresholds" time="0\.000"\/>/);
  assert.match(xml, /p99_ms\[x\] &lt; 1 crossed: nothing measured/);
});

test('failures in detail: one failing case each, with the ladder as text and the path of the pcap slice; parsed back', xmllint, () => {
  const rec = withFailures(base);
  const xml = junitXml(rec);
  assert.equal(schemaErrors(xml), '');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
  const suite = doc.testsuites.testsuite;
  assert.equal(suite.tests, '3');
  assert.equal(suite.failures, '3');
  const cases = suite.testcase.filter((c: any) => c.classname === 'tester.r1.failures');
  assert.deepEqual(cases.map((c: any) => [c.name, c.failure.type, c.failure.message]), [
    ['instance 7', 'failed', 'ReleaseCall.cause: expected 16, got 31'],
    ['instance 9', 'aborted', 'no answer <in 5 s>'],
  ]);
  const [failed, aborted] = cases.map((c: any) => String(c.failure['#text']));
  assert.match(failed, /^instance 7 failed at op 1: ReleaseCall\.cause: expected 16, got 31\npcap slice: \/api\/runs\/r1\/instance-7\.pcap\n/);
  assert.match(failed, /1\.0 ms {2}op 0 {2}tester -> 127\.0\.0\.1:2905 {2}InitialDP \(inap\)\n\s+9\.0 ms {2}op 1 {2}tester <- 127\.0\.0\.1:2905 {2}ReleaseCall \(inap\)/);
  assert.match(failed, /fail at op 1: ReleaseCall\.cause: expected 16, got 31$/);
  assert.match(aborted, /pcap slice: none/);
  assert.match(aborted, /no messages recorded/);
  assert.match(junitXml(rec, 'h', { pcapPath: (_r, name) => `/tmp/out.${name}` }), /pcap slice: \/tmp\/out\.instance-7\.pcap/, 'where the CLI wrote the slices');
});

test('a cancelled run is an error, not a failure', xmllint, () => {
  const xml = junitXml({ ...base, state: 'cancelled', duration: undefined, counts: { ...base.counts, passed: 10, cancelled: 5 } });
  assert.equal(schemaErrors(xml), '');
  assert.match(xml, /tests="1" failures="0" errors="1"/);
  assert.match(xml, /<error type="run cancelled"/);
});

/** The test cases of a JUnit document as a second XML parser reads them. */
function casesOf(xml: string): Array<{ name: string; classname: string; failure?: { message: string; text: string }; out?: string }> {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed');
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' }).parse(xml);
  return doc.testsuites.testsuite.testcase.map((c: any) => ({
    name: c.name,
    classname: c.classname,
    ...(c.failure ? { failure: { message: c.failure.message, text: c.failure['#text'] } } : {}),
    ...(c['system-out'] !== undefined ? { out: c['system-out'] } : {}),
  }));
}

test('gates: one test case each, a failure when crossed, base, new and change either way', xmllint, () => {
  const next: RunRecord = { ...base, run_id: 'r2', counts: { ...base.counts, passed: 99, failed: 1 }, latency: { ...base.latency, instance: { ...base.latency.instance, p99: 4 } } };
  const gates = evaluateGates(['p99_ms +10%', 'failed_rate +0.5pp', 'rate -5%'].map(parseGate), base, next);
  const docs: Array<[string, string]> = [
    [junitXml(next, 'h', { gates }), 'tester.r2.gates'],
    [junitGates(gates, { base: 'r1', new: 'r2' }, 'h'), 'tester.compare.r2.gates'],
  ];
  for (const [xml, classname] of docs) {
    assert.equal(schemaErrors(xml), '');
    const cases = casesOf(xml).filter((c) => c.name.startsWith('gate '));
    assert.deepEqual(cases.map((c) => [c.name, c.classname, c.failure !== undefined]), [
      ['gate p99_ms +10%', classname, true],
      ['gate failed_rate +0.5pp', classname, true],
      ['gate rate -5%', classname, false],
    ]);
    assert.equal(cases[0]!.failure!.message, 'p99_ms +10% crossed: base 3, new 4, change +33.333%');
    assert.equal(cases[1]!.failure!.message, 'failed_rate +0.5pp crossed: base 0%, new 1%, change +1pp');
    assert.equal(cases[2]!.out, 'rate -5% holds: base 40, new 40, change 0%');
  }
  const alone = junitGates(gates, { base: 'r1', new: 'r2' });
  assert.match(alone, /<testsuite name="tester\.compare\.r2" tests="3" failures="2" errors="0"/);
  assert.match(alone, /<property name="base_run_id" value="r1"\/>/);
  assert.equal(casesOf(junitXml(next, 'h', { gates })).length, 4, 'the instances and the three gates');
});

test('xmlText escapes markup and replaces what XML 1.0 cannot carry', () => {
  assert.equal(xmlText('a<b>&"c"\u0000\u0007\ttab'), 'a&lt;b&gt;&amp;&quot;c&quot;\uFFFD\uFFFD\ttab');
});

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('tester run --junit and tester report --junit write the same valid report', xmllint, async () => {
  const def = join(dir, 'def.json');
  writeFileSync(def, JSON.stringify({ distribution: { type: 'load', total: 8, backlog: 4 }, thresholds: ['failed_rate < 0.1'], operations: [{ type: 'assert', arguments: { expression: '$n != 2', fail: 'instance two' } }] }));
  const junit = join(dir, 'run.xml');
  const r = await tester(['run', def, '--port', String(svc.port), '--run-id', `junit-${process.pid}`, '--junit', junit, '--json', '--no-progress']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /wrote JUnit XML to/);
  const xml = readFileSync(junit, 'utf8');
  assert.equal(schemaErrors(xml), '');
  assert.match(xml, /tests="3" failures="3"/, 'the instances, the threshold and the failure of instance 2 in detail');
  assert.match(xml, /instance 2 op 0: instance two/);
  assert.match(xml, /<testcase name="instance 2" classname="tester\.junit-\d+\.failures"/);
  assert.match(xml, /failed_rate &lt; 0\.1 crossed: failed_rate = 0\.125/);
  const saved = join(dir, 'result.json');
  writeFileSync(saved, r.stdout);
  const again = join(dir, 'again.xml');
  const rr = await tester(['report', saved, '--junit', again]);
  assert.equal(rr.code, 0, rr.stderr);
  assert.equal(readFileSync(again, 'utf8'), xml);
  const notRecord = await tester(['report', def, '--junit', again]);
  assert.equal(notRecord.code, 2);
  assert.match(notRecord.stderr, /is not a result record/);
});
