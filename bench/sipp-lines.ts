// The SIPp part of the benchmark's text report: nothing at all when SIPp was not run (--no-sipp).
export function sippLines(runs: Array<Record<string, unknown>>): string[] {
  if (!runs.length) return [];
  const out = ['sipp (built-in uac/uas, TCP, INVITE..BYE, same machine):'];
  for (const s of runs) {
    if (s.skipped) out.push(`  ${String(s.skipped)}`);
    else out.push(`  sipp ${String(s.target).padEnd(6)} ${String(s.cps).padStart(6)}/s  ok ${s.ok}/${s.calls}  failed ${s.failed}  cpu uas ${s.cpu_uas_pct}% uac ${s.cpu_uac_pct}%  rss uas ${Math.round(Number(s.rss_uas_kb) / 1024)} MB`);
  }
  return out;
}
