#!/usr/bin/env node
// Runs the test suite with Node's built-in runner over the TypeScript sources (loaded through tsx).
// Usage: node scripts/test.mjs [--long] [path-prefix ...]   e.g. node scripts/test.mjs test/core test/plugins/diameter
// Two tiers: the default tier (*.test.ts) asserts behaviour only; the long tier (*.long.test.ts, `--long`,
// `npm run test:long`) holds load-sized and timing-sensitive tests, with tolerances a busy machine meets.
// Failures: the failed tests and their errors' first lines are printed at the end (scripts/failure-reporter.mjs).
// Skips: the list of skipped tests and their reasons is printed at the end (scripts/test-reporter.mjs); under
// CI=true (.ci/run) the run fails when a test was skipped whose reason is not marked "not required in CI: "
// (test/helpers/skips.ts optionalSkip), e.g. a tool or an addon that CI should have installed is missing.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { skipSummary } from './test-reporter.mjs';
import { failureSummary } from './failure-reporter.mjs';

const root = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const long = argv.includes('--long');
const prefixes = argv.filter((a) => a !== '--long').map((p) => p.replace(/\/$/, ''));

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

const files = walk(join(root, 'test'), [])
  .filter((f) => f.endsWith('.long.test.ts') === long)
  .filter((f) => prefixes.length === 0 || prefixes.some((p) => f === p || f.startsWith(p + '/') || f.startsWith(p)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${prefixes.join(' ') || 'test/'}`);
  process.exit(1);
}
// Tests that start the `tester` command run the build (dist/, and the web client in dist/web): bring it up to date
// first (incremental, a few seconds when nothing changed), so a test never runs yesterday's JavaScript.
const build = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
const webBuild = build.status === 0 ? spawnSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' }) : build;
if (build.status !== 0 || webBuild.status !== 0) {
  console.error('the build failed: fix it before the tests run (npm run build)');
  process.exit(1);
}
// Reporters: node's default (spec on a terminal, TAP otherwise, with its `# tests`/`# pass`/`# skipped` summary)
// to stdout, and the skip reporter to a file read below.
const skipsFile = join(tmpdir(), `tester-skips-${process.pid}.jsonl`);
const failuresFile = join(tmpdir(), `tester-failures-${process.pid}.jsonl`);
const reporters = [
  `--test-reporter=${process.stdout.isTTY ? 'spec' : 'tap'}`, '--test-reporter-destination=stdout',
  `--test-reporter=${join(root, 'scripts/test-reporter.mjs')}`, `--test-reporter-destination=${skipsFile}`,
  `--test-reporter=${join(root, 'scripts/failure-reporter.mjs')}`, `--test-reporter-destination=${failuresFile}`,
];
// An unhandled rejection anywhere is a bug: strict mode raises it as an uncaught exception, which fails the test.
// The long tier runs one file at a time: its load-sized runs measure rates, and two at once (or one beside the SCTP
// VM's emulated CPU) would each get half of a 2-core machine.
const args = ['--import', 'tsx', '--unhandled-rejections=strict', '--test', `--test-concurrency=${long ? 1 : 2}`, ...reporters, ...files];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => {
  reportFailures();
  const skipsFail = reportSkips(process.env.CI === 'true');
  process.exit(signal ? 1 : code || (skipsFail ? 1 : 0));
});

/** Print every failed test with the first lines of its error (the end of a long log is what CI shows). */
function reportFailures() {
  if (!existsSync(failuresFile)) return;
  const failures = readFileSync(failuresFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  rmSync(failuresFile, { force: true });
  for (const l of failureSummary(failures, (f) => relative(root, f))) console.log(l);
}

/** Print every skipped test with its reason; true when CI must fail because of them. */
function reportSkips(ci) {
  if (!existsSync(skipsFile)) {
    console.log('# no skip report was written (the runner ended early)');
    return ci;
  }
  const skips = readFileSync(skipsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  rmSync(skipsFile, { force: true });
  const { lines, failCi } = skipSummary(skips, ci, (f) => relative(root, f));
  for (const l of lines) console.log(l);
  return failCi;
}
