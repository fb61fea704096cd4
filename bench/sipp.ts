// SIPp's side of `npm run bench`: one step of its built-in uac/uas over TCP (bench/sipp.sh) at a target rate, read
// from SIPp's statistics file (bench/sipp-stat.ts) and the processes' CPU.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usPerMessage } from './ceiling.js';
import { parseSippStat } from './sipp-stat.js';
import { groups } from './processes.js';

/** INVITE, 100, 180, 200, ACK, BYE, 200: each is sent by one side and received by the other. */
export const SIPP_MESSAGES_PER_CALL = 7;

export interface SippStep {
  target: number;
  secs: number;
  calls: number;
  ok: number;
  failed: number;
  /** SIPp's elapsed time (s) and successful calls per second of it. */
  elapsed_s: number;
  rate: number;
  /** SIPp's own CallRate(C) (calls created per second). */
  sipp_call_rate: number;
  /** Failed calls, plus the calls never placed when the uac gave up (exit code other than 0). */
  failures: number;
  uac_exit: number;
  cpu_uas_s: number;
  cpu_uac_s: number;
  cpu_uas_pct: number;
  cpu_uac_pct: number;
  uas_us_per_message: number | null;
  uac_us_per_message: number | null;
  rss_uas_kb: number;
}

/** Run one SIPp step; throws when SIPp could not be run at all. */
export async function sippStep(script: string, rate: number, secs: number): Promise<SippStep> {
  const dir = mkdtempSync(join(tmpdir(), 'tester-bench-sipp-'));
  try {
    const out = await new Promise<string>((resolve, reject) => {
      // its own process group, so that a time-out ends the uas and uac too (by that group's id, nothing else)
      const child = spawn('bash', [script, 't1', String(secs), String(rate), dir], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      if (child.pid) groups.add(child.pid);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, (secs + 40) * 1000);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', () => {
        clearTimeout(timer);
        groups.delete(child.pid!);
        const line = stdout.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(line);
        else reject(new Error(`sipp step at ${rate}/s gave no figures: ${stderr.slice(0, 300)}`));
      });
    });
    const p = JSON.parse(out) as { uac_exit: number; cpu_uas_s: number; cpu_uac_s: number; wall_uac_s: number; rss_uas_kb: number };
    const s = parseSippStat(readFileSync(join(dir, 'stat.csv'), 'utf8'));
    const total = rate * secs;
    const span = s.elapsed_s > 0 ? s.elapsed_s : 1;
    return {
      target: rate,
      secs,
      calls: s.calls,
      ok: s.ok,
      failed: s.failed,
      elapsed_s: s.elapsed_s,
      rate: Math.round(s.cps),
      sipp_call_rate: s.sipp_call_rate,
      failures: s.failed + (p.uac_exit === 0 ? 0 : Math.max(0, total - s.ok - s.failed)),
      uac_exit: p.uac_exit,
      cpu_uas_s: p.cpu_uas_s,
      cpu_uac_s: p.cpu_uac_s,
      cpu_uas_pct: Math.round((100 * p.cpu_uas_s) / span),
      cpu_uac_pct: Math.round((100 * p.cpu_uac_s) / span),
      uas_us_per_message: usPerMessage(p.cpu_uas_s, s.ok, SIPP_MESSAGES_PER_CALL),
      uac_us_per_message: usPerMessage(p.cpu_uac_s, s.ok, SIPP_MESSAGES_PER_CALL),
      rss_uas_kb: p.rss_uas_kb,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
