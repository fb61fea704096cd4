// How a test says it cannot run here. Every skip names its reason. In CI (CI=true, set by .ci/run) scripts/test.mjs
// fails the run when any test was skipped, unless the reason is marked optionalSkip(): a test that does not apply
// to the machine at all (no IPv6 loopback), never one whose tool, build or peer is missing (docs/architecture.md
// "Test tiers").
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { NOT_REQUIRED_IN_CI } from '../../scripts/test-reporter.mjs';

export const inCi = (): boolean => process.env.CI === 'true';

/** A skip reason that CI accepts: `not required in CI: <reason>`. */
export function optionalSkip(reason: string): string {
  return `${NOT_REQUIRED_IN_CI}${reason}`;
}

/** Inside a running test: skip it with the reason outside CI; in CI fail it, since CI provides everything a test needs. */
export function skipOutsideCi(t: TestContext, reason: string): void {
  if (inCi()) assert.fail(`${reason} (CI=true: this test is required)`);
  t.skip(reason);
}
