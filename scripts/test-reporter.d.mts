// Types of scripts/test-reporter.mjs for the TypeScript that imports it (test/helpers/skips.ts, its test).
export declare const NOT_REQUIRED_IN_CI: string;
export interface SkipRecord {
  test: string;
  file?: string;
  reason: string;
  wholeSuite: boolean;
  required: boolean;
}
export default function skipReporter(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string>;
export declare function skipSummary(skips: SkipRecord[], ci: boolean, shortPath?: (file: string) => string): { lines: string[]; failCi: boolean };
