// An instance in detail (the record's first_call or one of its failures[]) as plain text, for where HTML does not go
// (JUnit's <failure> body, read in CI logs): one line per message, the time since the instance started, its
// operation, the arrow between the tester and the peer, its name and protocol; then the instance's fail and abort
// checks (the passes are in the record). Browser-safe.
import type { RunRecord } from '../core/api/index.js';
import { peersOf } from './ladder.js';
import { secs } from './format.js';

type Detail = NonNullable<RunRecord['first_call']>;

/** Lines of messages written at most (a ladder of thousands stays readable in a CI log). */
const MAX_LINES = 200;

export function ladderText(d: Detail): string {
  const msgs = d.messages ?? [];
  const peers = peersOf(msgs);
  const t0 = secs(d.time_start);
  const lines = msgs.slice(0, MAX_LINES).map((m, i) => {
    const at = Number.isFinite(t0) ? `${((secs(m.time) - t0) * 1000).toFixed(1)} ms`.padStart(10) : '';
    const arrow = m.direction === 'sent' ? `tester -> ${peers[i]}` : `tester <- ${peers[i]}`;
    return `${at}  op ${m.op_idx}  ${arrow}  ${m.name} (${m.protocol})`;
  });
  if (msgs.length > MAX_LINES) lines.push(`  ... ${msgs.length - MAX_LINES} more messages`);
  if (!msgs.length) lines.push('  (no messages recorded: trace_level 1 or more records them)');
  const problems = (d.check_log ?? []).filter((c) => c.status !== 'pass').map((c) => `${c.status} at op ${c.op_idx}: ${c.text}`);
  return [...lines, ...problems].join('\n');
}
