// Readable summaries of a result record, and the live progress line of `tester run`.

const n = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US') : String(v ?? 0));
const ms = (v: unknown) => (typeof v === 'number' ? `${v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : Math.round(v)} ms` : '-');

export function progressLine(rec: any, elapsedSecs: number): string {
  const c = rec.counts ?? {};
  const total = rec.distribution?.total ?? 1;
  const scheduled = (c.started ?? 0) + (c.dropped ?? 0);
  const rate = elapsedSecs > 0 ? (c.started ?? 0) / elapsedSecs : 0;
  const remaining = total - scheduled;
  const eta = rate > 0 && remaining > 0 ? `${Math.ceil(remaining / rate)}s` : remaining > 0 ? '?' : '0s';
  const pct = total > 0 ? Math.floor((scheduled / total) * 100) : 100;
  return (
    `[${String(pct).padStart(3)}%] started ${n(c.started)}/${n(total)}  finished ${n(c.finished)}  failed ${n(c.failed)}  ` +
    `aborted ${n(c.aborted)}  dropped ${n(c.dropped)}  in progress ${n(rec.in_progress)}  ${rate.toFixed(1)}/s  ` +
    `elapsed ${elapsedSecs.toFixed(0)}s  ETA ${eta}`
  );
}

export function summarize(rec: any): string {
  const out: string[] = [];
  const c = rec.counts ?? {};
  const ok = (c.failed ?? 0) + (c.aborted ?? 0) + (c.dropped ?? 0) + (c.cancelled ?? 0) === 0 && (c.started ?? 0) > 0;
  out.push(`Run ${rec.run_id}: ${String(rec.state).toUpperCase()} — ${ok ? 'PASSED' : 'NOT PASSED'}`);
  out.push(
    `  instances  started ${n(c.started)}  passed ${n(c.passed)}  failed ${n(c.failed)}  aborted ${n(c.aborted)}  ` +
      `cancelled ${n(c.cancelled)}  dropped ${n(c.dropped)}`,
  );
  out.push(`  duration   ${typeof rec.duration === 'number' ? rec.duration.toFixed(3) : '-'} s   rate ${n(rec.rate)} instances/s   max in progress ${n(rec.max_in_progress)}`);
  const li = rec.latency?.instance;
  if (li?.count) out.push(`  latency    p50 ${ms(li.p50)}  p90 ${ms(li.p90)}  p99 ${ms(li.p99)}  max ${ms(li.max)}  (per instance, from its scheduled start)`);
  const ops = Object.entries(rec.latency?.operations ?? {}) as Array<[string, any]>;
  if (ops.length) {
    out.push('  operations');
    const w = Math.max(...ops.map(([k]) => k.length));
    for (const [k, v] of ops) out.push(`    ${k.padEnd(w)}  n ${n(v.count).padStart(8)}  p50 ${ms(v.p50).padStart(9)}  p99 ${ms(v.p99).padStart(9)}  max ${ms(v.max).padStart(9)}`);
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
      for (const p of list) out.push(`    instance ${p.idx} op ${p.op_idx}: ${p.text}`);
    }
  }
  return out.join('\n');
}

export function passed(rec: any): boolean {
  const c = rec.counts ?? {};
  return rec.state === 'completed' && (c.failed ?? 0) + (c.aborted ?? 0) + (c.dropped ?? 0) + (c.cancelled ?? 0) === 0 && (c.started ?? 0) > 0;
}
