// An instance of a run (the first, or a recorded failure) as a message-sequence (ladder) diagram, in HTML/SVG:
// lifelines for the tester and each peer, one arrow per message whose name is text, each message a <details> that
// opens to its decoded fields and its bytes; then the instance's checks. Shared by the HTML report and the web
// client: a pure function of the record's first_call (or one of its failures[], which have the same fields),
// browser-safe, and styled by classes only (LADDER_CSS) — no style="" attribute, which the client's
// Content-Security-Policy forbids.
import { escapeHtml, hexDump, num, secs, table } from './format.js';
import type { RunRecord } from '../core/api/index.js';
import { peerRole, type LadderRoles } from './ladder-roles.js';

/** first_call, or one of failures[]: an instance in detail. */
type FirstCall = NonNullable<RunRecord['first_call']>;
type Message = FirstCall['messages'][number];

const LANE_GAP = 220;
const MARGIN = 90;
/** A lane heading's character width (bold, about 15 px), to keep long headings apart and inside the drawing. */
const HEADING_CHAR_PX = 9;
/** The checks shown under the ladder at most (a first instance may have checked thousands of fields). */
const MAX_CHECKS = 500;

/** The peer of each message. A message without a peer came in the same wire message as the one before it of its
 * protocol (several components of one protocol message): it belongs to that message's peer. */
export function peersOf(msgs: readonly Message[]): string[] {
  const peers: string[] = [];
  const lastPeer = new Map<string, string>();
  for (const m of msgs) {
    const p = m.peer !== undefined ? String(m.peer) : (lastPeer.get(m.protocol) ?? String(m.protocol ?? 'peer'));
    lastPeer.set(m.protocol, p);
    peers.push(p);
  }
  return peers;
}

interface Geometry {
  lanes: string[];
  /** Each lane's heading: the role and the peer (`SCP 127.0.0.1:2905`), or the peer alone when no role is known. */
  labels: string[];
  width: number;
  x: (lane: string) => number;
}

/** The tester's lifeline of a message: its own, or one per parallel leg (legs side by side, docs/definitions.md). */
function testerLane(m: Message): string {
  return m.leg === undefined ? 'tester' : `tester ${m.leg}`;
}

function geometry(msgs: Message[], peers: string[], roles: LadderRoles | undefined): Geometry {
  const testers = [...new Set(['tester', ...msgs.map(testerLane)])];
  // the tester's own lifeline only when a message outside the legs uses it
  if (testers.length > 1 && !msgs.some((m) => m.leg === undefined)) testers.shift();
  const lanes = [...testers, ...new Set(peers)];
  const labels = lanes.map((lane, i) => {
    if (i < testers.length) return lane === 'tester' ? (roles ? `${roles.tester} (tester)` : 'tester') : `${roles ? roles.tester : 'tester'} · leg ${lane.slice(7)}`;
    const role = roles && peerRole(roles, String(msgs[peers.indexOf(lane)]?.protocol));
    return role ? `${role} ${lane}` : lane;
  });
  // lanes as far apart as their longest heading needs (`SCP SIGTRAN 127.0.0.1:2905`), at least the usual gap
  const longest = Math.max(...labels.map((l) => l.length)) * HEADING_CHAR_PX;
  const gap = Math.max(LANE_GAP, longest + 24);
  const margin = Math.max(MARGIN, Math.ceil(longest / 2) + 12);
  return { lanes, labels, width: margin * 2 + gap * Math.max(1, lanes.length - 1), x: (lane) => margin + gap * lanes.indexOf(lane) };
}

function laneHead(g: Geometry): string {
  return `<div class="lanehead"><span class="t">time</span><span class="op">op</span><svg class="lanes" viewBox="0 0 ${g.width} 30" width="${g.width}" height="30" role="img" aria-label="lifelines">${g.lanes
    .map((l, i) => `<text x="${g.x(l)}" y="20" text-anchor="middle">${escapeHtml(g.labels[i])}</text>`)
    .join('')}</svg></div>`;
}

/** What a message opens to: its decoded fields and its bytes (or why there are none). */
function messageDetail(m: Message, i: number, peer: string): string {
  const sent = m.direction === 'sent';
  const fields = m.fields !== undefined ? `<h4>Decoded fields</h4><pre class="fields" tabindex="0">${escapeHtml(JSON.stringify(m.fields, null, 2))}</pre>` : '<p>No decoded fields recorded (trace_level 1 or more records them).</p>';
  const hex = m.hex
    ? `<h4>Bytes (${m.hex.length / 2})${m.dissector ? `, Wireshark dissector <code>${escapeHtml(m.dissector)}</code>` : ''}</h4><pre class="hex" tabindex="0">${escapeHtml(hexDump(m.hex))}</pre>`
    : m.peer === undefined && i > 0
      ? '<p>Carried in the same wire message as the one before it: its bytes are there.</p>'
      : '<p>No bytes recorded (trace_level 2 records them).</p>';
  return `<div class="detail"><p>${sent ? 'Sent to' : 'Received from'} <b>${escapeHtml(peer)}</b> (${escapeHtml(m.protocol)}), step ${escapeHtml(m.step ?? '')}.</p>${fields}${hex}</div>`;
}

/** One message: its time since the instance started, its operation, and the arrow between its lifelines. */
function messageRow(m: Message, i: number, peer: string, g: Geometry, t0: number, detailsOnOpen: boolean, marker: string): string {
  const sent = m.direction === 'sent';
  const [from, to] = sent ? [testerLane(m), peer] : [peer, testerLane(m)];
  const x1 = g.x(from);
  const x2 = g.x(to);
  const dir = x2 > x1 ? 1 : -1;
  const lifelines = g.lanes.map((l) => `<line class="life" x1="${g.x(l)}" y1="0" x2="${g.x(l)}" y2="34"/>`).join('');
  const at = Number.isFinite(t0) ? `${((secs(m.time) - t0) * 1000).toFixed(1)} ms` : '';
  const svg = `<svg class="arrow" viewBox="0 0 ${g.width} 34" width="${g.width}" height="34">${lifelines}<line class="${sent ? 'sent' : 'received'}" x1="${x1}" y1="24" x2="${x2 - dir * 2}" y2="24" marker-end="url(#${marker})"/><text class="name" x="${(x1 + x2) / 2}" y="17" text-anchor="middle">${escapeHtml(m.name)}</text></svg>`;
  const leg = m.leg !== undefined ? ` data-leg="${escapeHtml(m.leg)}"` : '';
  return `<details class="msg" data-index="${i}" data-name="${escapeHtml(m.name)}"${leg}><summary><span class="t">${at}</span><span class="op">op ${escapeHtml(m.op_idx ?? '')}</span>${svg}</summary>${detailsOnOpen ? '<div class="detail"></div>' : messageDetail(m, i, peer)}</details>`;
}

/** Where the messages move into or out of a flow (call, repeat, choose, a leg's): a line naming the flow now. */
function flowMark(prev: Message | undefined, m: Message): string {
  if (prev?.flow === m.flow && prev?.leg === m.leg) return '';
  if (prev === undefined && m.flow === undefined) return '';
  const where = m.flow === undefined ? 'the definition\'s operations' : `flow ${m.flow}`;
  return `<div class="flowmark">${m.leg !== undefined ? `leg ${escapeHtml(m.leg)}: ` : ''}${escapeHtml(where)}</div>`;
}

function checksTable(checks: FirstCall['check_log'], who: string): string {
  if (!checks?.length) return '';
  const rows = checks.slice(0, MAX_CHECKS).map((c) => [`<span class="${c.status === 'pass' ? 'ok' : 'bad'}">${escapeHtml(c.status)}</span>`, escapeHtml(`${c.op_idx}${c.leg !== undefined ? ` leg ${c.leg}` : c.flow !== undefined ? ` ${c.flow}` : ''}`), escapeHtml(c.text)]);
  return `<h3>Checks of ${escapeHtml(who)}</h3>${table(['status', 'op', 'text'], rows)}`;
}

/** Which instance a ladder shows (its checks' heading) and the id of its arrowhead (unique on a page of several ladders). */
export interface LadderLabels {
  who?: string;
  markerId?: string;
}

/**
 * The ladder of a record's first_call, as an HTML fragment (a record without one gets a sentence saying so). `roles`
 * (views/ladder-roles.ts recordRoles) names the lifelines by role: the tester's and each peer's. `detailsOnOpen`:
 * each message's detail is left empty, for a page that fills it when the message opens (ladderDetailHtml): a long
 * ladder then draws without building every message's fields and hex dump (the web client); a file keeps them inline.
 */
export function ladderHtml(fc: FirstCall | undefined, roles?: LadderRoles, detailsOnOpen = false, labels: LadderLabels = {}): string {
  if (!fc) return '<p>No detailed record (the first instance did not start).</p>';
  const marker = labels.markerId ?? 'head';
  const msgs = fc.messages ?? [];
  const peers = peersOf(msgs);
  const g = geometry(msgs, peers, roles);
  const t0 = secs(fc.time_start);
  const rows = msgs.map((m, i) => flowMark(msgs[i - 1], m) + messageRow(m, i, peers[i]!, g, t0, detailsOnOpen, marker));
  const truncated = fc.truncated?.messages ? `<p>${num(fc.truncated.messages)} more messages were not recorded (the record's bound).</p>` : '';
  return `<p>Outcome <b>${escapeHtml(fc.outcome ?? 'running')}</b>${typeof fc.duration === 'number' ? ` after ${num(fc.duration * 1000)} ms` : ''}; ${msgs.length} messages${msgs.length ? ' (click one for its decoded fields and bytes)' : ' (the run recorded none: trace_level 1 or more records them)'}.</p>
<svg class="ladder-defs" width="0" height="0" aria-hidden="true"><defs><marker id="${escapeHtml(marker)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs></svg>
${msgs.length ? `<div class="ladder">${laneHead(g)}${rows.join('\n')}</div>` : ''}${truncated}${checksTable(fc.check_log, labels.who ?? 'the first instance')}`;
}

/** The detail of message `i` (its `<div class="detail">`), for a ladder drawn with `detailsOnOpen`. */
export function ladderDetailHtml(fc: FirstCall, i: number): string {
  const m = fc.messages[i];
  return m ? messageDetail(m, i, peersOf(fc.messages)[i]!) : '';
}

/** The ladder's style sheet (the report inlines it; the client's app.css includes it). */
export const LADDER_CSS = `
.ladder-defs{position:absolute}
.ladder{overflow-x:auto}.ladder svg{display:block}.lanes text{font-weight:600}
.life{stroke:#bbb;stroke-dasharray:4 3}.arrow line.sent{stroke:#1f77b4;stroke-width:2}.arrow line.received{stroke:#2ca02c;stroke-width:2}
.arrow text.name{font:13px ui-monospace,monospace;fill:#111}.flowmark{margin:6px 0 2px 132px;font-size:12px;color:#555;border-top:1px dashed #ccc}
details.msg>summary,.lanehead{display:flex;align-items:center;gap:8px;cursor:pointer;list-style:none}.lanehead{cursor:default}details.msg>summary::-webkit-details-marker{display:none}
details.msg>summary .t,.lanehead .t{width:80px;flex:none;text-align:right;color:#666;font-size:12px}details.msg>summary .op,.lanehead .op{width:44px;flex:none;color:#666;font-size:12px}
details.msg[open]>summary{background:#f3f7fb}.detail{margin:4px 0 12px 132px;border-left:3px solid #cfe0f0;padding-left:12px}
`;
