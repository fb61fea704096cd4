// test/helpers/suite.ts and the skip reporter (scripts/test-reporter.mjs): a skipped suite's tests are counted as
// skipped tests, its hooks do not run, every skip is reported with its reason, and CI fails on a required skip.
// The fixture runs as a test run of its own (test/fixtures/skips/suites.ts); and no test file may skip a describe
// of node:test's own, whose tests would be counted nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { skipSummary, type SkipRecord } from '../../scripts/test-reporter.mjs';
import { optionalSkip } from './skips.js';

const root = resolve(import.meta.dirname, '../..');

async function runFixture(): Promise<{ tap: string; skips: SkipRecord[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'tester-skips-test-'));
  const out = join(dir, 'skips.jsonl');
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // a test run of its own, not subtests reporting to our runner
  try {
    const tap = await new Promise<string>((res) => {
      const args = ['--import', 'tsx', '--test', '--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter=${join(root, 'scripts/test-reporter.mjs')}`, `--test-reporter-destination=${out}`, 'test/fixtures/skips/suites.ts'];
      execFile(process.execPath, args, { cwd: root, env, timeout: 60_000 }, (_err, stdout, stderr) => res(stdout + stderr));
    });
    return { tap, skips: readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SkipRecord) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a suite skipped through test/helpers/suite.ts counts its tests as skipped, runs neither them nor its hooks; every skip is reported', async () => {
  const { tap, skips } = await runFixture();
  const summary = Object.fromEntries([...tap.matchAll(/^# (tests|suites|pass|fail|skipped) (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
  // first, second, its hook ran, an optional skip, a required skip at the top; the node-skipped describe is a suite
  assert.deepEqual(summary, { tests: 5, suites: 4, pass: 1, fail: 0, skipped: 4 }, tap);
  assert.doesNotMatch(tap, /of a skipped suite ran/);
  const fixture = join(root, 'test/fixtures/skips/suites.ts');
  const optional = optionalSkip('no IPv6 loopback');
  assert.deepEqual(skips.map((s) => [s.test, s.reason, s.required, s.wholeSuite, s.file]), [
    ['a suite whose tool is missing > first', 'frobnicator not installed', true, false, undefined],
    ['a suite whose tool is missing > nested > second', 'frobnicator not installed', true, false, undefined],
    ['a suite that runs > an optional skip', optional, false, false, undefined],
    ['a describe node:test skips whole', 'skipped the old way', true, true, fixture],
    ['a required skip at the top', 'the addon is not built', true, false, undefined],
  ]);
});

test('the skip summary fails CI on a required skip or a describe skipped whole, never on an optional one or outside CI', () => {
  const skip = (over: Partial<SkipRecord>): SkipRecord => ({ test: 's > t', reason: 'tshark not installed', wholeSuite: false, required: true, ...over });
  const optional = skip({ reason: optionalSkip('no IPv6 loopback'), required: false });
  assert.equal(skipSummary([optional], true).failCi, false);
  assert.equal(skipSummary([optional, skip({})], true).failCi, true);
  assert.equal(skipSummary([skip({ required: false, wholeSuite: true })], true).failCi, true);
  assert.equal(skipSummary([skip({}), skip({ wholeSuite: true })], false).failCi, false);
  const { lines } = skipSummary([skip({ file: `${root}/test/a.test.ts` }), optional], true, (f) => relative(root, f));
  assert.deepEqual(lines.slice(0, 3), [
    '# skipped tests: 2 (1 required in CI)',
    '#   test/a.test.ts: s > t: tshark not installed',
    `#   s > t: ${optional.reason}`,
  ]);
  assert.match(lines[3]!, /^# CI=true: 1 required test\(s\) skipped/);
});

test('no test file gives options (a skip) to a describe of node:test: it takes describe from test/helpers/suite.ts', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) files.push(full);
    }
  };
  walk(join(root, 'test'));
  const nodeDescribe = /import\s*\{[^}]*\bdescribe\b[^}]*\}\s*from\s*'node:test'/;
  // describe('name', <something that is not the body function>
  const withOptions = /\bdescribe\(\s*(['"`])(?:\\.|(?!\1)[^\\])*\1\s*,(?!\s*(?:async\s*)?(?:\([^)]*\)\s*=>|function\b))/;
  const onPurpose = join(root, 'test/fixtures/skips/suites.ts'); // skips one the old way, to show the report
  const bad = files.filter((f) => {
    if (f === onPurpose) return false;
    const text = readFileSync(f, 'utf8');
    return nodeDescribe.test(text) && withOptions.test(text);
  });
  assert.ok(files.length > 200, `only ${files.length} files found`);
  assert.deepEqual(bad.map((f) => relative(root, f)), []);
});
