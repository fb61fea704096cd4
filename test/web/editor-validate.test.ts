// The editor's validation (web/src/editor/validate.ts) against `tester validate`: on the same definitions, with the
// DescribeOperations answer of the same plugins, the browser finds the same problems with the same messages at the
// same JSON paths, and accepts what the service accepts (expressions where a number is expected, numeric strings,
// a receive type's negations and nulls).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { DefinitionChecker } from '../../web/src/editor/validate.js';
import type { Describe } from '../../web/src/api/types.js';
import { scratch, tester } from '../cli/helpers.js';

const invalid = {
  trace_level: '2',
  distribution: { type: 'load', total: 10, backlog: 0 },
  scp: { dpc: 'x' },
  operations: [
    { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 'abc', servicekey2: 1, calledPartyNumber_noa: '{ $v.x }' } },
    { type: 'inap.ssp_from_scp.ReleaseCall', label: 'a', arguments: { '!initialCallSegment_cause': '16', initialCallSegment_location: null, tcap_result: 5 } },
    { type: 'inap.ssp_to_scp.InitialDPx' },
    { type: 'branch', label: 'a', arguments: { expression: '1', on_true: 'zz' } },
    { type: 'wait', arguments: { seconds: '{ 1 }', secs: 2 } },
  ],
};

const valid = {
  vars: { n: "{ '0211' + $n }" },
  distribution: { type: 'linear', total: 5, cps: { rate: 10, ramp_secs: 1 } },
  thresholds: ['p99_ms < 50'],
  operations: [
    { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: '{ 100 + $n }', calledPartyNumber_noa: '3', callingPartyNumber_digits: '{ $v.n }' } },
    { type: 'inap.ssp_from_scp.ReleaseCall', label: 'end', arguments: { '!initialCallSegment_cause': 31, initialCallSegment_location: null, last_component: 1 }, tests: [{ kpath: 'initialCallSegment_cause', type: 'integer', value: 16 }] },
    { type: 'branch', arguments: { expression: '$n > 1', on_true: 'end' } },
  ],
};

/** `tester validate`'s problems: `  FILE:LINE:COL  path: message` → `path: message`. */
function cliProblems(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((l) => /^\s+\S+:\d+:\d+\s+(.*)$/.exec(l)?.[1])
    .filter((l): l is string => l !== undefined);
}

test('the browser finds the problems `tester validate` finds, with the same messages and paths', async () => {
  const s = scratch();
  try {
    const ops = await tester(['ops', '--json']);
    assert.equal(ops.code, 0, ops.stderr);
    const checker = new DefinitionChecker(JSON.parse(ops.stdout) as Describe);
    const cli = await tester(['validate', s.file('invalid.json', invalid)]);
    assert.equal(cli.code, 1, cli.stdout);
    const expected = cliProblems(cli.stderr).sort();
    assert.ok(expected.length >= 8, cli.stderr);
    const found = checker.check(invalid).map((p) => `${p.path}: ${p.message}`);
    assert.deepEqual(found.sort(), expected);
    const ok = await tester(['validate', s.file('valid.json', valid)]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(checker.check(valid), []);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test("inside flows too: each flow's operations and labels, at the paths `tester validate` names", async () => {
  const s = scratch();
  try {
    const checker = new DefinitionChecker(JSON.parse((await tester(['ops', '--json'])).stdout) as Describe);
    const flows = {
      flows: {
        a: [{ type: 'wait', arguments: { seconds: 1, secs: 2 } }, { type: 'branch', arguments: { expression: '1', on_true: 'top' } }],
        b: { args: ['x'], operations: [{ type: 'waitt' }, { type: 'comment', label: 'l', arguments: { text: '' } }, { type: 'comment', label: 'l', arguments: { text: '' } }] },
      },
      operations: [{ type: 'comment', label: 'top', arguments: { text: '' } }, { type: 'call', arguments: { flow: 'a' } }, { type: 'call', arguments: { flow: 'b', args: { x: 1 } } }],
    };
    const cli = await tester(['validate', s.file('flows.json', flows)]);
    assert.equal(cli.code, 1, cli.stdout);
    const expected = cliProblems(cli.stderr).sort();
    assert.equal(expected.length, 4, cli.stderr);
    assert.deepEqual(checker.check(flows).map((p) => `${p.path}: ${p.message}`).sort(), expected);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});
