// The skip reporter: a node:test reporter that scripts/test.mjs runs beside the default one (spec or TAP to stdout).
// It writes one JSON line per skip to its destination: the test (its suites' names, outermost first), the reason,
// and whether the skip is allowed in CI. scripts/test.mjs prints skipSummary() of them at the end and, under
// CI=true, fails the run when a required test was skipped (docs/architecture.md "Test tiers").

/** A skip reason starting with this is allowed in CI (test/helpers/skips.ts optionalSkip()); any other fails CI. */
export const NOT_REQUIRED_IN_CI = 'not required in CI: ';

/**
 * @param {AsyncIterable<{ type: string, data: any }>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* skipReporter(source) {
  // The names of the tests now running, by nesting: node:test reports a file's events in order.
  const names = [];
  for await (const { type, data } of source) {
    if (type === 'test:start') {
      names.length = data.nesting;
      names.push(data.name);
    } else if ((type === 'test:pass' || type === 'test:fail') && data.skip !== undefined) {
      yield `${JSON.stringify(skipRecord(data, [...names.slice(0, data.nesting), data.name]))}\n`;
    }
  }
}

function skipRecord(data, path) {
  const reason = typeof data.skip === 'string' && data.skip !== '' ? data.skip : 'skipped without a reason';
  return {
    test: path.join(' > '),
    // node:test locates a test where test() was called: for tests that test/helpers/suite.ts registers that is the
    // helper, not the test file, so only the names say where they are. (Lines are of tsx's output: not given.)
    file: data.file && !data.file.endsWith('/test/helpers/suite.ts') ? data.file : undefined,
    reason,
    // A describe skipped by node:test itself: its tests never ran their registration and are counted nowhere.
    wholeSuite: data.details?.type === 'suite',
    required: !reason.startsWith(NOT_REQUIRED_IN_CI),
  };
}

/**
 * The lines that list the skips (TAP comments), and whether CI must fail: a skip not marked NOT_REQUIRED_IN_CI, or a
 * describe that node:test skipped whole (its tests counted nowhere).
 * @param {Array<import('./test-reporter.d.mts').SkipRecord>} skips
 * @param {boolean} ci
 * @param {(file: string) => string} [shortPath]
 */
export function skipSummary(skips, ci, shortPath = (f) => f) {
  const required = skips.filter((s) => s.required || s.wholeSuite);
  const lines = [`# skipped tests: ${skips.length} (${required.length} required in CI)`];
  for (const s of skips) {
    const where = s.file ? `${shortPath(s.file)}: ` : '';
    const hidden = s.wholeSuite ? ' [a whole describe: its tests are counted nowhere; take describe from test/helpers/suite.ts]' : '';
    lines.push(`#   ${where}${s.test}: ${s.reason}${hidden}`);
  }
  const failCi = ci && required.length > 0;
  if (failCi) lines.push(`# CI=true: ${required.length} required test(s) skipped; in CI only a reason starting "${NOT_REQUIRED_IN_CI}" may skip (docs/architecture.md "Test tiers")`);
  return { lines, failCi };
}
