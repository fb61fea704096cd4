// The HTML report of a run (`tester report RESULT.json -o report.html`, `tester run --html FILE`): one
// self-contained file that needs no network when viewed (the charting library, uPlot, and its CSS are inlined).
// It shows the verdict and outcome counts, the thresholds, the achieved vs target start rate and the latency
// percentiles per second (from the record's buckets), the latency distribution, per-operation latencies, the
// first fails and aborts grouped by reason (each instance kept in detail linked to its ladder), the first instance
// as a message-sequence (ladder) diagram in HTML/SVG whose message names are text, each message expandable to its
// decoded fields and hex, and a ladder for each failure the record keeps in detail (failures[]).
import { drawCharts } from './charts.js';
import { chartData } from './chart-data.js';
import { uplotAssets } from './uplot.js';
import { escapeHtml, num, secs, table } from '../format.js';
import { recordRoles } from '../ladder-roles.js';
import { ladderHtml, LADDER_CSS } from '../ladder.js';
import { crossedThresholds, instancesPassed, passed, problemGroups, type ProblemGroup } from './verdict.js';
import type { RunRecord } from '../../core/api/index.js';

/** Text for inside a <script> element: no `</script` (nor `<!--`) can end it early. */
function scriptText(s: string): string {
  return s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

function outcome(rec: RunRecord): string {
  const c = rec.counts ?? {};
  const cards: Array<[string, unknown, string]> = [
    ['started', c.started, ''],
    ['passed', c.passed, 'ok'],
    ['failed', c.failed, c.failed ? 'bad' : ''],
    ['aborted', c.aborted, c.aborted ? 'bad' : ''],
    ['cancelled', c.cancelled, c.cancelled ? 'bad' : ''],
    ['dropped', c.dropped, c.dropped ? 'bad' : ''],
  ];
  const target = rec.distribution?.type === 'linear' ? rec.distribution.cps?.rate : undefined;
  const li = rec.latency?.instance;
  return `<section id="outcome"><h2>Outcome</h2><div class="cards">${cards
    .map(([k, v, cls]) => `<div class="card ${cls}" data-count="${escapeHtml(k)}"><div class="v">${num(v ?? 0)}</div><div class="k">${k}</div></div>`)
    .join('')}</div>
<p>Achieved rate <b>${num(rec.rate)}</b> instances/s${target !== undefined ? ` (target <b>${num(target)}</b>/s)` : ''}; at most ${num(rec.max_in_progress)} in progress; duration ${typeof rec.duration === 'number' ? `${num(rec.duration)} s` : '-'}.
Instance latency${li?.count ? `: p50 <b>${num(li.p50)}</b> ms, p90 ${num(li.p90)} ms, p99 <b>${num(li.p99)}</b> ms, max ${num(li.max)} ms, mean ${num(li.mean)} ms (${num(li.count)} instances, from each one's scheduled start)` : ': none finished'}.</p></section>`;
}

function thresholds(rec: RunRecord): string {
  const list = rec.thresholds ?? [];
  if (!list.length) return '';
  return `<section id="thresholds"><h2>Thresholds</h2>${table(
    ['', 'threshold', 'measured', 'bound'],
    list.map((t) => [t.ok ? '<span class="ok">✓</span>' : '<span class="bad">✗ crossed</span>', `<code>${escapeHtml(t.expr)}</code>`, `${escapeHtml(t.metric)} = ${t.value === null ? 'nothing measured' : num(t.value)}`, num(t.bound)]),
  )}</section>`;
}

function operations(rec: RunRecord): string {
  const ops = Object.entries(rec.latency?.operations ?? {});
  if (!ops.length) return '';
  const max = Math.max(...ops.map(([, v]) => v.p99 || 0), 1e-9);
  return `<section id="operations"><h2>Latency per operation type</h2>${table(
    ['operation type', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'mean ms', 'p99'],
    ops.map(([k, v]) => [`<code>${escapeHtml(k)}</code>`, num(v.count), num(v.p50), num(v.p90), num(v.p99), num(v.max), num(v.mean), `<div class="bar" style="width:${Math.round((100 * (v.p99 || 0)) / max)}%"></div>`]),
    'ops',
  )}</section>`;
}

/** The anchor of a failure's ladder. */
const failureId = (n: number) => `failure-${n}`;

/** One reason: its count, operation and text, and its instances, each linked to its ladder when the record keeps it. */
function problemLine(g: ProblemGroup, detailed: ReadonlySet<number>): string {
  const inst = (n: number) => (detailed.has(n) ? `<a href="#${failureId(n)}">${n}</a>` : String(n));
  if (g.idx.length === 1) return `instance ${inst(g.idx[0]!)} op ${g.op}: ${escapeHtml(g.text)}`;
  return `${g.idx.length}× op ${g.op}: ${escapeHtml(g.text)} (instances ${g.idx.map(inst).join(', ')})`;
}

function problems(rec: RunRecord): string {
  const parts: string[] = [];
  const detailed = new Set((rec.failures ?? []).map((f) => f.instance));
  for (const [title, list] of [['First fails', rec.first_fails], ['First aborts', rec.first_aborts]] as const) {
    if (list?.length) parts.push(`<h3>${title} (grouped by reason)</h3><ul class="problems">${problemGroups(list).map((g) => `<li>${problemLine(g, detailed)}</li>`).join('')}</ul>`);
  }
  if (rec.abort_reason) parts.push(`<p class="bad">The run was aborted: ${escapeHtml(rec.abort_reason)}</p>`);
  return parts.length ? `<section id="problems"><h2>Problems</h2>${parts.join('')}</section>` : '';
}

/** A ladder per failure the record keeps in detail, each with its reason and the name of its pcap slice. */
function failures(rec: RunRecord): string {
  const list = rec.failures ?? [];
  if (!list.length) return '';
  const roles = recordRoles(rec);
  const items = list.map((f) => {
    const pcap = f.pcap ? `; its messages as a pcap: <code>${escapeHtml(f.pcap)}</code> (a download of the run)` : '';
    const who = `instance ${f.instance}`;
    return `<section class="failure" id="${failureId(f.instance)}"><h3>Instance ${f.instance}: ${escapeHtml(f.outcome)} at op ${f.op_idx}</h3><p class="bad">${escapeHtml(f.reason)}</p><p>Instance ${f.instance}${pcap}.</p>${ladderHtml(f, roles, false, { who, markerId: `head-${f.instance}` })}</section>`;
  });
  return `<section id="failures"><h2>Failures in detail (${list.length}: the first failed and aborted instances)</h2>${items.join('\n')}</section>`;
}

/** The latency distribution's percentiles as one row of a table. */
function distributionTable(distribution: Array<[number, number]>): string {
  if (!distribution.length) return '';
  return table(['percentile', ...distribution.map(([p]) => (p === 0 ? 'min' : p === 100 ? 'max' : `p${p}`))], [['ms', ...distribution.map(([, v]) => num(v))]]);
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1180px;padding:16px 24px;color:#222}
h1{font-size:22px;margin:8px 0}h2{font-size:18px;border-bottom:1px solid #ddd;padding-bottom:4px;margin-top:28px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}.verdict.pass{background:#2e7d32}.verdict.fail{background:#c62828}.verdict.running{background:#757575}
.cards{display:flex;gap:10px;flex-wrap:wrap}.card{border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:90px;text-align:center}
.card .v{font-size:22px;font-weight:600}.card .k{color:#666}.card.ok .v,.ok{color:#2e7d32}.card.bad .v,.bad{color:#c62828}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid #eee;padding:4px 10px;text-align:left;vertical-align:top}th{background:#fafafa}
table.ops td:last-child{width:200px}.bar{height:10px;background:#1f77b4;border-radius:2px}
.chart{min-height:280px}code{font-size:13px}
pre{background:#f7f7f7;padding:8px;overflow:auto;max-height:420px;font-size:12px}
footer{margin-top:32px;color:#666;font-size:12px}
`;

/** The whole page. */
export function htmlReport(rec: RunRecord, opts: { generatedAt?: Date } = {}): string {
  const { js, css } = uplotAssets();
  const running = rec.completed !== 1 && rec.state === 'running';
  const ok = passed(rec);
  const crossed = crossedThresholds(rec).length;
  const verdict = running ? ['running', 'RUNNING'] : ok ? ['pass', 'PASSED'] : ['fail', `NOT PASSED${crossed && instancesPassed(rec) ? ` (${crossed} threshold${crossed > 1 ? 's' : ''} crossed)` : ''}`];
  const d: Partial<RunRecord['distribution']> = rec.distribution ?? {};
  const dist = d.type === 'linear' ? `linear, ${num(d.total)} instances, backlog ${num(d.backlog)}, ${num(d.cps?.start)} → ${num(d.cps?.rate)}/s over ${num(d.cps?.ramp_secs)} s (${escapeHtml(d.cps?.arrival)})` : d.type === 'load' ? `load, ${num(d.total)} instances, backlog ${num(d.backlog)}` : 'single';
  const started = Number.isFinite(secs(rec.time_start)) ? new Date(secs(rec.time_start) * 1000).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '';
  const data = scriptText(JSON.stringify(chartData(rec)).replace(/</g, '\\u003c'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>tester report: ${escapeHtml(rec.run_id)}</title>
<style>${css}</style>
<style>${CSS}${LADDER_CSS}</style>
</head>
<body>
<header><h1>Run <code>${escapeHtml(rec.run_id)}</code> <span class="verdict ${verdict[0]}">${escapeHtml(verdict[1])}</span></h1>
<p>State ${escapeHtml(rec.state)}; started ${escapeHtml(started)}; distribution ${dist}.</p></header>
${outcome(rec)}
${thresholds(rec)}
<section id="rate"><h2>Start rate per second: achieved${d.type === 'linear' ? ' and target' : ''}</h2><div class="chart" id="chart-rate"></div></section>
<section id="latency"><h2>Instance latency per second (p50, p99 of the instances that finished in it)</h2><div class="chart" id="chart-latency"></div></section>
<section id="distribution"><h2>Latency distribution (all instances)</h2><div class="chart" id="chart-distribution"></div>
${distributionTable(rec.latency?.distribution ?? [])}</section>
${operations(rec)}
${problems(rec)}
<section id="ladder"><h2>First instance: message sequence</h2>${ladderHtml(rec.first_call, recordRoles(rec))}</section>
${failures(rec)}
<footer>Generated by the tester service's <code>tester report</code>${opts.generatedAt ? ` on ${escapeHtml(opts.generatedAt.toISOString())}` : ''}; charts by uPlot (MIT), inlined: this file needs no network.</footer>
<script id="chart-data" type="application/json">${data}</script>
<script>${scriptText(js)}</script>
<script>
var __name = function (f) { return f; };
(${scriptText(drawCharts.toString())})(uPlot, JSON.parse(document.getElementById('chart-data').textContent), document);
</script>
</body>
</html>
`;
}
