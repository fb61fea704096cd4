// The HTML report of a run (`tester report RESULT.json -o report.html`, `tester run --html FILE`): one
// self-contained file that needs no network when viewed (the charting library, uPlot, and its CSS are inlined).
// It shows the verdict and outcome counts, the thresholds, the achieved vs target start rate and the latency
// percentiles per second (from the record's buckets), the latency distribution, per-operation latencies, the
// first fails and aborts grouped by reason, and the first instance as a message-sequence (ladder) diagram in
// HTML/SVG whose message names are text, each message expandable to its decoded fields and hex.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { drawCharts, type ChartData } from './charts.js';
import { crossedThresholds, groupProblems, instancesPassed, passed } from './verdict.js';
import { linearCps, targetRateAt } from '../../core/engine/rates.js';
import type { RunRecord } from '../../core/api/index.js';

type FirstCall = NonNullable<RunRecord['first_call']>;
type Message = FirstCall['messages'][number];

const require = createRequire(import.meta.url);
let uplot: { js: string; css: string } | undefined;
/** uPlot's code and CSS, read once from the installed package. */
function uplotAssets(): { js: string; css: string } {
  uplot ??= {
    js: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    css: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  };
  return uplot;
}

export function escapeHtml(s: unknown): string {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text for inside a <script> element: no `</script` (nor `<!--`) can end it early. */
function scriptText(s: string): string {
  return s.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

const secs = (t: unknown) => (Array.isArray(t) ? Number(t[0]) + Number(t[1]) / 1e6 : NaN);
const num = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 3 }) : escapeHtml(v ?? '-'));

/** Classic hex dump: offset, 16 bytes in hex, their printable ASCII. */
export function hexDump(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    const h = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const a = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${i.toString(16).padStart(4, '0')}  ${h.padEnd(47)}  ${a}`);
  }
  return lines.join('\n');
}

function chartData(rec: RunRecord): ChartData {
  const b = rec.buckets ?? [];
  const cps = linearCps(rec);
  return {
    seconds: b.map((x) => x.second),
    started: b.map((x) => x.started),
    finished: b.map((x) => x.finished),
    failed: b.map((x) => x.failed),
    aborted: b.map((x) => x.aborted),
    dropped: b.map((x) => x.dropped),
    p50: b.map((x) => (x.finished > 0 ? x.p50 : null)),
    p99: b.map((x) => (x.finished > 0 ? x.p99 : null)),
    target: cps ? b.map((x) => Math.round(targetRateAt(cps, x.second + 0.5) * 100) / 100) : null,
    distribution: rec.latency?.distribution ?? [],
  };
}

function table(head: string[], rows: string[][], cls = ''): string {
  return `<table${cls ? ` class="${cls}"` : ''}><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
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

function problems(rec: RunRecord): string {
  const parts: string[] = [];
  for (const [title, list] of [['First fails', rec.first_fails], ['First aborts', rec.first_aborts]] as const) {
    if (list?.length) parts.push(`<h3>${title} (grouped by reason)</h3><ul class="problems">${groupProblems(list).map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`);
  }
  if (rec.abort_reason) parts.push(`<p class="bad">The run was aborted: ${escapeHtml(rec.abort_reason)}</p>`);
  return parts.length ? `<section id="problems"><h2>Problems</h2>${parts.join('')}</section>` : '';
}

/** The latency distribution's percentiles as one row of a table. */
function distributionTable(distribution: Array<[number, number]>): string {
  if (!distribution.length) return '';
  return table(['percentile', ...distribution.map(([p]) => (p === 0 ? 'min' : p === 100 ? 'max' : `p${p}`))], [['ms', ...distribution.map(([, v]) => num(v))]]);
}

const LANE_GAP = 220;
const MARGIN = 90;

/** The first instance's messages as a ladder: lifelines for the tester and each peer, one arrow per message. */
function ladder(rec: RunRecord): string {
  const fc = rec.first_call;
  const msgs = fc?.messages ?? [];
  const checks = fc?.check_log ?? [];
  if (!fc) return '<section id="ladder"><h2>First instance</h2><p>No detailed record (the first instance did not start).</p></section>';
  // A message without a peer came in the same wire message as the one before it (several components of one
  // protocol message): it belongs to that message's peer.
  const peers: string[] = [];
  const lastPeer = new Map<string, string>();
  for (const m of msgs) {
    const p = m.peer !== undefined ? String(m.peer) : (lastPeer.get(m.protocol) ?? String(m.protocol ?? 'peer'));
    lastPeer.set(m.protocol, p);
    peers.push(p);
  }
  const peerOf = (m: Message) => peers[msgs.indexOf(m)]!;
  const lanes = ['tester', ...new Set(peers)];
  const width = MARGIN * 2 + LANE_GAP * Math.max(1, lanes.length - 1);
  const x = (lane: string) => MARGIN + LANE_GAP * lanes.indexOf(lane);
  const lifelines = (h: number) => lanes.map((l) => `<line class="life" x1="${x(l)}" y1="0" x2="${x(l)}" y2="${h}"/>`).join('');
  const t0 = secs(fc.time_start);
  const head = `<div class="lanehead"><span class="t">time</span><span class="op">op</span><svg class="lanes" viewBox="0 0 ${width} 30" width="${width}" height="30" role="img" aria-label="lifelines">${lanes
    .map((l) => `<text x="${x(l)}" y="20" text-anchor="middle">${escapeHtml(l)}</text>`)
    .join('')}</svg></div>`;
  const rows = msgs.map((m, i) => {
    const sent = m.direction === 'sent';
    const [from, to] = sent ? ['tester', peerOf(m)] : [peerOf(m), 'tester'];
    const x1 = x(from);
    const x2 = x(to);
    const dir = x2 > x1 ? 1 : -1;
    const mid = (x1 + x2) / 2;
    const at = Number.isFinite(t0) ? `${((secs(m.time) - t0) * 1000).toFixed(1)} ms` : '';
    const svg = `<svg class="arrow" viewBox="0 0 ${width} 34" width="${width}" height="34">${lifelines(34)}<line class="${sent ? 'sent' : 'received'}" x1="${x1}" y1="24" x2="${x2 - dir * 2}" y2="24" marker-end="url(#head)"/><text class="name" x="${mid}" y="17" text-anchor="middle">${escapeHtml(m.name)}</text></svg>`;
    const fields = m.fields !== undefined ? `<h4>Decoded fields</h4><pre class="fields">${escapeHtml(JSON.stringify(m.fields, null, 2))}</pre>` : '<p>No decoded fields recorded (trace_level 1 or more records them).</p>';
    const hex = m.hex ? `<h4>Bytes (${m.hex.length / 2})${m.dissector ? `, Wireshark dissector <code>${escapeHtml(m.dissector)}</code>` : ''}</h4><pre class="hex">${escapeHtml(hexDump(m.hex))}</pre>` : m.peer === undefined && i > 0 ? '<p>Carried in the same wire message as the one before it: its bytes are there.</p>' : '<p>No bytes recorded (trace_level 2 records them).</p>';
    return `<details class="msg" data-index="${i}" data-name="${escapeHtml(m.name)}"><summary><span class="t">${at}</span><span class="op">op ${escapeHtml(m.op_idx ?? '')}</span>${svg}</summary><div class="detail"><p>${sent ? 'Sent to' : 'Received from'} <b>${escapeHtml(peerOf(m))}</b> (${escapeHtml(m.protocol)}), step ${escapeHtml(m.step ?? '')}.</p>${fields}${hex}</div></details>`;
  });
  const checkTable = checks.length
    ? `<h3>Checks of the first instance</h3>${table(['status', 'op', 'text'], checks.slice(0, 500).map((c) => [`<span class="${c.status === 'pass' ? 'ok' : 'bad'}">${escapeHtml(c.status)}</span>`, escapeHtml(c.op_idx), escapeHtml(c.text)]))}`
    : '';
  const truncated = fc.truncated?.messages ? `<p>${num(fc.truncated.messages)} more messages were not recorded (the record's bound).</p>` : '';
  return `<section id="ladder"><h2>First instance: message sequence</h2>
<p>Outcome <b>${escapeHtml(fc.outcome ?? 'running')}</b>${typeof fc.duration === 'number' ? ` after ${num(fc.duration * 1000)} ms` : ''}; ${msgs.length} messages${msgs.length ? ' (click one for its decoded fields and bytes)' : ' (the run recorded none: trace_level 1 or more records them)'}.</p>
<svg width="0" height="0" style="position:absolute"><defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs></svg>
${msgs.length ? `<div class="ladder">${head}${rows.join('\n')}</div>` : ''}${truncated}${checkTable}</section>`;
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
.ladder{overflow-x:auto}.ladder svg{display:block}.lanes text{font-weight:600}
.life{stroke:#bbb;stroke-dasharray:4 3}.arrow line.sent{stroke:#1f77b4;stroke-width:2}.arrow line.received{stroke:#2ca02c;stroke-width:2}
.arrow text.name{font:13px ui-monospace,monospace;fill:#111}
details.msg>summary,.lanehead{display:flex;align-items:center;gap:8px;cursor:pointer;list-style:none}.lanehead{cursor:default}details.msg>summary::-webkit-details-marker{display:none}
details.msg>summary .t,.lanehead .t{width:80px;flex:none;text-align:right;color:#666;font-size:12px}details.msg>summary .op,.lanehead .op{width:44px;flex:none;color:#999;font-size:12px}
details.msg[open]>summary{background:#f3f7fb}.detail{margin:4px 0 12px 132px;border-left:3px solid #cfe0f0;padding-left:12px}
pre{background:#f7f7f7;padding:8px;overflow:auto;max-height:420px;font-size:12px}
footer{margin-top:32px;color:#888;font-size:12px}
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
<style>${CSS}</style>
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
${ladder(rec)}
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
