// The failure reporter: a node:test reporter that scripts/test.mjs runs beside the default one (spec or TAP to
// stdout) and the skip reporter. It writes one JSON line per failed test (its suites' names, outermost first, the
// file and the error's first lines); scripts/test.mjs prints failureSummary() of them after the run, so that the
// last lines of a long log (what CI shows) name what failed, not only "# fail 1".

/** The lines of an error message kept in the summary. */
const MESSAGE_LINES = 6;

/**
 * @param {AsyncIterable<{ type: string, data: any }>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* failureReporter(source) {
  const names = [];
  for await (const { type, data } of source) {
    if (type === 'test:start') {
      names.length = data.nesting;
      names.push(data.name);
    } else if (type === 'test:fail' && !isOnlyItsSubtests(data)) {
      yield `${JSON.stringify(failureRecord(data, [...names.slice(0, data.nesting), data.name]))}\n`;
    }
  }
}

/** A suite (or a test) that failed only because a subtest did: the subtest is reported, not its parents. */
function isOnlyItsSubtests(data) {
  return data.details?.error?.failureType === 'subtestsFailed';
}

function failureRecord(data, path) {
  const error = data.details?.error;
  const cause = error?.cause ?? error;
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause?.message ?? cause ?? 'failed');
  return {
    test: path.join(' > '),
    file: data.file,
    message: text.split('\n').slice(0, MESSAGE_LINES).join('\n'),
  };
}

/**
 * The lines (TAP comments) that list the failed tests.
 * @param {Array<{ test: string, file?: string, message: string }>} failures
 * @param {(file: string) => string} [shortPath]
 */
export function failureSummary(failures, shortPath = (f) => f) {
  if (failures.length === 0) return [];
  const lines = [`# failed tests: ${failures.length}`];
  for (const f of failures) {
    lines.push(`#   ${f.file ? `${shortPath(f.file)}: ` : ''}${f.test}`);
    for (const l of f.message.split('\n')) lines.push(`#       ${l}`);
  }
  return lines;
}
