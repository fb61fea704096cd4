// Starting the process an embedded SQLite instance runs in (sqlite-process.ts): fork it, open the file, run
// init_sql, and wait for its 'opened' answer, bounded in time. gateway/sqlite.ts owns the process afterwards.
import { fork, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHILD_MARK, type FromSqlite, type ToSqlite } from './sqlite-process.js';

/** How long the SQLite process may take to open the file and run init_sql. */
const OPEN_TIMEOUT_MS = 30_000;

/**
 * The process's program: the .js beside this file in the build. When the sources run through tsx (tests, npx tsx),
 * the build's copy if it is at least as new as the source (scripts/test.mjs builds first; a process started
 * through tsx takes seconds more on a busy machine), else the .ts itself through tsx.
 */
function childProgram(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const dir = dirname(here);
  if (extname(here) !== '.ts') return { file: join(dir, 'sqlite-process.js'), execArgv: [] };
  const source = join(dir, 'sqlite-process.ts');
  const built = join(dir, '../../../dist/plugins/db/gateway/sqlite-process.js');
  const fresh = (f: string) => {
    try {
      return statSync(f).mtimeMs >= statSync(source).mtimeMs && statSync(f).mtimeMs >= statSync(join(dir, 'types.ts')).mtimeMs;
    } catch {
      return false;
    }
  };
  if (fresh(built)) return { file: built, execArgv: [] };
  const execArgv = process.execArgv.filter((a) => !/^--(test|inspect|watch|prof)/.test(a));
  if (!execArgv.some((a) => a.includes('tsx'))) execArgv.push('--import', 'tsx');
  return { file: source, execArgv };
}

export interface SqliteOpen {
  file: string;
  busyTimeoutMs: number;
  initSql: string[];
  /** Given the process as soon as it exists (to end it should the open fail), with its stderr's last line. */
  forked(child: ChildProcess, lastError: () => string): void;
}

/** Fork the process and open the file; resolves with SQLite's version, or throws the reason it could not. */
export async function forkSqlite(o: SqliteOpen): Promise<string> {
  const { file, execArgv } = childProgram();
  const child = fork(file, [], { execArgv, serialization: 'json', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, [CHILD_MARK]: '1' } });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString('utf8')).slice(-2000)));
  const lastError = () => (stderr ? `: ${stderr.trim().split('\n').pop()}` : '');
  o.forked(child, lastError);
  child.on('error', () => undefined); // reported through 'exit' or the open timeout
  const opened = await new Promise<FromSqlite>((resolve) => {
    const t = setTimeout(() => resolve({ t: 'open-failed', message: `no answer from the SQLite process within ${OPEN_TIMEOUT_MS} ms` }), OPEN_TIMEOUT_MS);
    const onMsg = (m: FromSqlite) => {
      if (m.t !== 'opened' && m.t !== 'open-failed') return;
      clearTimeout(t);
      child.off('message', onMsg);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(t);
      child.off('message', onMsg);
      resolve({ t: 'open-failed', message: `the SQLite process ended (${signal ?? `exit code ${code}`})${lastError()}` });
    };
    child.on('message', onMsg);
    child.once('exit', onExit);
    child.send({ t: 'open', file: o.file, busyTimeoutMs: o.busyTimeoutMs, initSql: o.initSql } satisfies ToSqlite);
  });
  if (opened.t === 'open-failed') throw new Error(opened.message);
  // the process must not keep the service alive by itself; pending statements hold timers that do
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
  return opened.t === 'opened' ? opened.version : '';
}
