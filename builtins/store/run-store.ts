// Results survive a restart: every run's record is kept in an embedded SQL database file (better-sqlite3) in the data directory
// (`<data dir>/runs.db`). Writes are queued and flushed in one transaction once a second, off the hot path:
// a run's record when it ends, and a snapshot of each running run's record every few seconds (so a crash loses
// at most those seconds of counts). On start, the service reads the file back: runs that were running are
// reported as `interrupted` with their last saved counts. Retention (retention_secs, max_retained_runs) applies
// to the file as to memory.
import type Database from 'better-sqlite3';
import type { RunRecord } from '../../core/api/index.js';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

export interface StoredRun {
  runId: string;
  state: string;
  /** Epoch ms at which the run ended; undefined while it runs. */
  completedAt: number | undefined;
  record: RunRecord;
}

const FLUSH_MS = 1000;

export class RunStore {
  private readonly conn: Database.Database;
  private readonly queue = new Map<string, StoredRun | null>();
  private readonly timer: NodeJS.Timeout;
  /** Why the last flush failed, if it did (the service logs it once and goes on in memory). */
  lastError: string | undefined;

  constructor(
    readonly file: string,
    private readonly log: (level: string, text: string) => void = () => {},
  ) {
    mkdirSync(dirname(file), { recursive: true });
    const Driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
    this.conn = new Driver(file);
    this.conn.pragma('journal_mode = WAL');
    this.conn.pragma('synchronous = NORMAL');
    this.conn.exec('CREATE TABLE IF NOT EXISTS runs (run_id TEXT PRIMARY KEY, state TEXT NOT NULL, completed_at INTEGER, record TEXT NOT NULL)');
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Every stored run, oldest end first (running ones last). */
  all(): StoredRun[] {
    const rows = this.conn.prepare('SELECT run_id, state, completed_at, record FROM runs ORDER BY completed_at IS NULL, completed_at').all() as Array<{
      run_id: string;
      state: string;
      completed_at: number | null;
      record: string;
    }>;
    const out: StoredRun[] = [];
    for (const r of rows) {
      try {
        out.push({ runId: r.run_id, state: r.state, completedAt: r.completed_at ?? undefined, record: JSON.parse(r.record) as RunRecord });
      } catch {
        this.log('warn', `run store: run ${r.run_id} has an unreadable record; dropped`);
        this.queue.set(r.run_id, null);
      }
    }
    return out;
  }

  /** Queue the run's record to be written (replacing what was stored for it). */
  put(run: StoredRun): void {
    this.queue.set(run.runId, run);
  }

  /** Queue the run's removal. */
  delete(runId: string): void {
    this.queue.set(runId, null);
  }

  /** Write what is queued, in one transaction. */
  flush(): void {
    if (this.queue.size === 0) return;
    const batch = [...this.queue];
    this.queue.clear();
    try {
      const upsert = this.conn.prepare('INSERT INTO runs (run_id, state, completed_at, record) VALUES (?, ?, ?, ?) ON CONFLICT(run_id) DO UPDATE SET state = excluded.state, completed_at = excluded.completed_at, record = excluded.record');
      const del = this.conn.prepare('DELETE FROM runs WHERE run_id = ?');
      this.conn.transaction(() => {
        for (const [id, r] of batch) {
          if (r === null) del.run(id);
          else upsert.run(id, r.state, r.completedAt ?? null, JSON.stringify(r.record));
        }
      })();
      this.lastError = undefined;
    } catch (e) {
      if (this.lastError === undefined) this.log('error', `run store ${this.file}: ${(e as Error).message} (results are kept in memory only)`);
      this.lastError = (e as Error).message;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    this.conn.close();
  }
}
