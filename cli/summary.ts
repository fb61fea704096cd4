// Readable summaries of a result record, and the live progress line of `tester run`.
import { passed, instancesPassed, crossedThresholds, groupProblems } from '../views/report/verdict.js';
import { linearCps, targetRateAt } from '../core/engine/rates.js';
import type { RunRecord } from '../core/api/index.js';
import type { ListTestsAnswer } from '../core/hooks.js';

export { passed };

const n = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : String(v ?? 0));
const ms = (v: unknown) => (typeof v === 'number' ? `${v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v)} ms` : '-');

const secs = (t: unknown) => (Array.isArray(t) ? Number(t[0]) + Number(t[1]) / 1e6 : NaN);

/** Seconds since the run started, by the service's clock (time_now - time_start of the record). */
function runElapsed(rec: RunRecord): number {
  const e = secs(rec.time_now) - secs(rec.time_start);
  return Number.isFinite(e) && e >= 0 ? e : 0;
}

/** The target start rate of a linear run at `t` seconds. */
function targetRate(rec: RunRecord, t: number): number | undefined {
  const cps = linearCps(rec);
  return cps ? targetRateAt(cps, t) : undefined;
}

/**
 * The live line of a load run: scheduled share, the current start rate (instances started in the last whole
 * second, from the record's per-second buckets; a target for linear runs), in flight, failed, aborted, dropped, the
 * p99 latency of the instances that finished in that second, elapsed time and ETA.
 */
export function progressLine(rec: RunRecord, elapsedSecs = runElapsed(rec)): string {
  const c = rec.counts ?? {};
  const total = rec.distribution?.total ?? 1;
  const scheduled = (c.started ?? 0) + (c.dropped ?? 0);
  const now = Math.floor(runElapsed(rec));
  const last = now >= 1 ? (rec.buckets?.[now - 1] ?? { started: 0, finished: 0, p99: 0 }) : undefined;
  const rate = last ? last.started : undefined;
  const target = targetRate(rec, runElapsed(rec));
  const remaining = total - scheduled;
  const pace = target ?? rate;
  const eta = remaining <= 0 ? '0s' : pace && pace > 0 ? `${Math.ceil(remaining / pace)}s` : '?';
  const pct = total > 0 ? Math.floor((scheduled / total) * 100) : 100;
  return (
    `[${String(pct).padStart(3)}%] started ${n(c.started)}/${n(total)}  rate ${rate === undefined ? '-' : n(rate)}/s` +
    `${target !== undefined ? ` (target ${n(Math.round(target))}/s)` : ''}  in flight ${n(rec.in_progress)}  finished ${n(c.finished)}  ` +
    `failed ${n(c.failed)}  aborted ${n(c.aborted)}  dropped ${n(c.dropped)}  p99 ${last && last.finished > 0 ? ms(last.p99) : '-'}  ` +
    `elapsed ${elapsedSecs.toFixed(0)}s  ETA ${eta}`
  );
}

export function summarize(rec: RunRecord): string {
  const out: string[] = [];
  const c = rec.counts ?? {};
  const running = rec.completed !== 1 && rec.state === 'running';
  const crossed = crossedThresholds(rec).length;
  const verdict = passed(rec) ? 'PASSED' : `NOT PASSED${crossed && instancesPassed(rec) ? ` (${crossed} threshold${crossed > 1 ? 's' : ''} crossed)` : ''}`;
  out.push(`Run ${rec.run_id}: ${String(rec.state).toUpperCase()} — ${running ? `${runElapsed(rec).toFixed(0)} s so far, no verdict yet` : verdict}`);
  out.push(
    `  instances  started ${n(c.started)}  passed ${n(c.passed)}  failed ${n(c.failed)}  aborted ${n(c.aborted)}  ` +
      `cancelled ${n(c.cancelled)}  dropped ${n(c.dropped)}`,
  );
  const duration = typeof rec.duration === 'number' ? `duration   ${rec.duration.toFixed(3)} s` : `elapsed    ${runElapsed(rec).toFixed(1)} s`;
  out.push(`  ${duration}   rate ${n(rec.rate)} instances/s   max in progress ${n(rec.max_in_progress)}`);
  const li = rec.latency?.instance;
  if (li?.count) out.push(`  latency    p50 ${ms(li.p50)}  p90 ${ms(li.p90)}  p99 ${ms(li.p99)}  max ${ms(li.max)}  (per instance, from its scheduled start)`);
  const ops = Object.entries(rec.latency?.operations ?? {});
  if (ops.length) {
    out.push('  operations');
    const w = Math.max(...ops.map(([k]) => k.length));
    // the mean too: a wait's achieved holding times are its latency (mean, p50, p99 against its distribution's)
    for (const [k, v] of ops) out.push(`    ${k.padEnd(w)}  n ${n(v.count).padStart(8)}  mean ${ms(v.mean).padStart(9)}  p50 ${ms(v.p50).padStart(9)}  p99 ${ms(v.p99).padStart(9)}  max ${ms(v.max).padStart(9)}`);
  }
  if (rec.thresholds?.length) {
    out.push(`  thresholds${running ? ' (so far)' : ''}`);
    for (const line of thresholdLines(rec)) out.push(`    ${line}`);
  }
  const fc = rec.first_call;
  if (fc?.messages?.length) {
    out.push('  message flow (first instance)');
    for (const m of fc.messages) out.push(`    ${m.direction === 'sent' ? '→' : '←'} ${m.protocol} ${m.name}${m.peer ? `  (${m.peer})` : ''}`);
  }
  if (fc?.check_log?.length && (rec.distribution?.type ?? 'single') === 'single') {
    out.push('  checks (first instance)');
    for (const e of fc.check_log.slice(0, 50)) out.push(`    ${e.status.toUpperCase().padEnd(5)} op ${e.op_idx}: ${e.text}`);
    if (fc.check_log.length > 50) out.push(`    ... ${fc.check_log.length - 50} more`);
  }
  for (const [title, list] of [['first fails', rec.first_fails], ['first aborts', rec.first_aborts]] as const) {
    if (list?.length) {
      out.push(`  ${title}`);
      for (const line of groupProblems(list)) out.push(`    ${line}`);
    }
  }
  return out.join('\n');
}

/** `✓ p99_ms < 50   p99_ms = 12.3` per threshold. */
function thresholdLines(rec: RunRecord): string[] {
  const list = rec.thresholds ?? [];
  const w = Math.max(0, ...list.map((t) => t.expr.length));
  return list.map((t) => `${t.ok ? '✓' : '✗'} ${t.expr.padEnd(w)}   ${t.metric} = ${t.value === null ? 'no value (nothing measured)' : n(t.value)}${t.ok ? '' : '  CROSSED'}`);
}

/** ListTests as a table: the runs (newest first) and the gateway instances. */
export function listTable(r: ListTestsAnswer): string {
  const out: string[] = [];
  const runs = [...(r.runs ?? [])].sort((a, b) => secs(b.time_start) - secs(a.time_start));
  if (!runs.length) out.push('no runs');
  else {
    const rows = runs.map((x) => {
      const c = x.counts ?? {};
      return [
        x.run_id,
        x.state,
        new Date(secs(x.time_start) * 1000).toISOString().replace('T', ' ').slice(0, 19),
        n(c.started),
        n(c.passed),
        n(c.failed),
        n(c.aborted),
        n(c.dropped),
        n(x.in_progress),
        `${n(x.rate)}/s`,
      ];
    });
    out.push(...table(['RUN', 'STATE', 'STARTED (UTC)', 'INSTANCES', 'PASSED', 'FAILED', 'ABORTED', 'DROPPED', 'IN FLIGHT', 'RATE'], rows));
  }
  const gws = r.gateways ?? [];
  if (gws.length) {
    out.push('');
    // the reconnection columns when some instance reports them in its detail (describe())
    const has = (k: string) => gws.some((g) => detailOf(g)[k] !== undefined);
    const extra = [['reconnects', 'RECONNECTS'], ['reconnect_attempts', 'ATTEMPTS'], ['last_error', 'LAST ERROR']].filter(([k]) => has(k!));
    const cell = (g: Gateway, k: string) => {
      const v = detailOf(g)[k];
      const s = v === undefined || v === null ? '' : String(v);
      return s.length > 80 ? s.slice(0, 77) + '...' : s;
    };
    out.push(...table(['GATEWAY', 'INSTANCE', 'STATE', 'DEFAULT', ...extra.map(([, h]) => h!)],
      gws.map((g) => [g.kind, g.name, g.state, g.default ? 'yes' : '', ...extra.map(([k]) => cell(g, k!))])));
  }
  out.push('', `${runs.length} run${runs.length === 1 ? '' : 's'}, ${n(r.locks_held)} lock${r.locks_held === 1 ? '' : 's'} held`);
  return out.join('\n');
}

type Gateway = ListTestsAnswer['gateways'][number];

/** What a gateway instance's describe() reported, as an object (none: empty). */
function detailOf(g: Gateway): Record<string, unknown> {
  return g.detail && typeof g.detail === 'object' ? (g.detail as Record<string, unknown>) : {};
}

/** Left-aligned columns, two spaces apart. */
function table(head: string[], rows: string[][]): string[] {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const line = (r: string[]) => r.map((v, i) => String(v ?? '').padEnd(w[i]!)).join('  ').trimEnd();
  return [line(head), ...rows.map(line)];
}
