// Interop tests need tools from Debian packages (tshark, freeDiameterd, PostgreSQL). .ci/run installs them.
// Outside CI a missing tool skips the test with the reason; in CI (CI=true) a missing tool fails it.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { inCi } from './skips.js';

export function hasTool(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns node:test options for a test that needs `cmd`: `{ skip: reason }` when it is missing outside CI.
 * In CI it returns `{}` so that the test runs and fails loudly on the missing tool.
 */
export function needsTool(cmd: string, installHint: string): { skip?: string } {
  if (hasTool(cmd) || inCi()) return {};
  return { skip: `${cmd} not installed (${installHint}; bash .ci/run installs it)` };
}

/**
 * `tshark -r file ...args`, its standard output. Asynchronous on purpose: a test whose process also runs the
 * service must not block the service's event loop while tshark reads (tshark may take seconds on a busy machine,
 * long enough for a peer's watchdog to give up on the service).
 */
export async function tsharkRead(file: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('tshark', ['-r', file, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
