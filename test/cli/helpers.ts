// Runs `node bin/tester.js ...` as a user would, from the repository root.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(repoRoot, 'bin/tester.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function tester(args: string[], opts: { timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, ...args], { cwd: opts.cwd ?? repoRoot, timeout: opts.timeoutMs ?? 90_000, maxBuffer: 64 << 20, env: { ...process.env, TESTER_PORT: '', TESTER_HOST: '' } }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') return reject(new Error(`tester ${args.join(' ')}: ${err.message}\n${stderr}`));
      resolve({ code: err ? (err.code as unknown as number) : 0, stdout, stderr });
    });
  });
}

/** A temporary directory for definition files and a logic-only plugins.json. */
export function scratch(): { dir: string; file(name: string, content: unknown): string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tester-cli-'));
  const file = (name: string, content: unknown) => {
    const p = join(dir, name);
    writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return p;
  };
  const config = file('plugins.json', [{ name: 'logic' }]);
  return { dir, file, config };
}
