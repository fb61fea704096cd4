// The text line of one SIPp step in `npm run bench`'s report.
import type { SippStep } from './sipp.js';

export function sippLine(s: SippStep): string {
  return `  sipp ${String(s.target).padEnd(6)} ${String(s.rate).padStart(6)}/s  ok ${s.ok}/${s.calls}  failed ${s.failed}${s.uac_exit ? ` (uac exit ${s.uac_exit})` : ''}  in ${s.elapsed_s} s  cpu uas ${s.cpu_uas_pct}% uac ${s.cpu_uac_pct}%  ${s.uas_us_per_message ?? '-'}/${s.uac_us_per_message ?? '-'} µs/msg  rss uas ${Math.round(s.rss_uas_kb / 1024)} MB`;
}
