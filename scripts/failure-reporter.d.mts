// Types of scripts/failure-reporter.mjs for the TypeScript that imports it (its test).
export interface FailureRecord {
  test: string;
  file?: string;
  message: string;
}
export default function failureReporter(source: AsyncIterable<{ type: string; data: unknown }>): AsyncGenerator<string>;
export declare function failureSummary(failures: FailureRecord[], shortPath?: (file: string) => string): string[];
