// scripts/failure-reporter.mjs: every failed test is written with its suites' names, its file and its error's first
// lines (not the suites that failed only through it), and failureSummary() lists them for the end of the log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { failureSummary, type FailureRecord } from '../../scripts/failure-reporter.mjs';

const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'test/fixtures/failures/failing.ts');

test('the failure reporter writes each failed test, not its suite, with its file and its error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tester-failures-test-'));
  const out = join(dir, 'failures.jsonl');
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT; // a test run of its own
  try {
    await new Promise<void>((res) => {
      const args = ['--import', 'tsx', '--test', '--test-reporter=dot', '--test-reporter-destination=stdout', `--test-reporter=${join(root, 'scripts/failure-reporter.mjs')}`, `--test-reporter-destination=${out}`, fixture];
      execFile(process.execPath, args, { cwd: root, env, timeout: 60_000 }, () => res());
    });
    const failures = readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FailureRecord);
    assert.deepEqual(failures.map((f) => [f.test, f.file]), [
      ['a suite > an assertion that fails', fixture],
      ['a test that throws', fixture],
    ]);
    assert.match(failures[0]!.message, /^AssertionError/);
    assert.equal(failures[1]!.message, 'Error: boom\nsecond line');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('failureSummary lists each failure under a count, its message indented; nothing when none failed', () => {
  assert.deepEqual(failureSummary([]), []);
  const lines = failureSummary([{ test: 's > t', file: `${root}/test/a.test.ts`, message: 'Error: x\ny' }, { test: 'u', message: 'Error: z' }], (f) => relative(root, f));
  assert.deepEqual(lines, ['# failed tests: 2', '#   test/a.test.ts: s > t', '#       Error: x', '#       y', '#   u', '#       Error: z']);
});
