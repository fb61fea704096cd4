// describe, test and the hooks for files whose describe may be skipped as a whole. node:test (Node 20) never runs a
// skipped describe's body, so its tests are counted nowhere (`# tests`, `# skipped`) and vanish from the summary.
// This describe runs a skipped suite's body all the same, registering each of its tests (and nested suites') as
// skipped with the suite's reason, and drops its hooks: a before() that starts a peer must not run when the peer
// is missing. Outside a skipped suite everything passes straight to node:test.
import * as node from 'node:test';
import type { HookFn, HookOptions, SuiteFn, TestFn, TestOptions } from 'node:test';

/** The reason of the skipped suite whose body is being registered, if any. */
let skipping: string | undefined;

function skipReason(skip: TestOptions['skip']): string | undefined {
  if (skip === true) return 'skipped';
  return typeof skip === 'string' && skip !== '' ? skip : undefined;
}

export function describe(name: string, fn: SuiteFn): Promise<void>;
export function describe(name: string, options: TestOptions, fn: SuiteFn): Promise<void>;
export function describe(name: string, a: TestOptions | SuiteFn, b?: SuiteFn): Promise<void> {
  const [options, fn] = typeof a === 'function' ? [{}, a] : [a, b!];
  const reason = skipping ?? skipReason(options.skip);
  if (reason === undefined) return node.describe(name, options, fn);
  const { skip: _skip, ...rest } = options;
  return node.describe(name, rest, (s) => {
    const outer = skipping;
    skipping = reason;
    try {
      // node:test runs a suite's body at once; one that awaits would register its later tests outside the skip.
      if (fn(s) instanceof Promise) throw new Error(`describe('${name}'): a suite that may be skipped needs a synchronous body`);
    } finally {
      skipping = outer;
    }
  });
}

export function test(name: string, fn: TestFn): Promise<void>;
export function test(name: string, options: TestOptions, fn: TestFn): Promise<void>;
export function test(name: string, a: TestOptions | TestFn, b?: TestFn): Promise<void> {
  const [options, fn] = typeof a === 'function' ? [{}, a] : [a, b!];
  return node.test(name, skipping === undefined ? options : { skip: skipping }, fn);
}

const hook = (register: (fn: HookFn, options?: HookOptions) => void) => (fn: HookFn, options?: HookOptions): void => {
  if (skipping === undefined) register(fn, options);
};
export const before = hook(node.before);
export const after = hook(node.after);
export const beforeEach = hook(node.beforeEach);
export const afterEach = hook(node.afterEach);
