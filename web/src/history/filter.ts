// The history's filter: past and present runs (ListTests' lines) by state, a date range of their start and a text
// found in the run id, newest first.
import type { RunLine } from '../api/list-types.js';

export interface RunFilter {
  /** A run state, or '' for any. */
  state: string;
  /** 'YYYY-MM-DD' (the browser's local day) or '' : runs started on or after that day. */
  from: string;
  /** 'YYYY-MM-DD' or '': runs started on or before that day. */
  to: string;
  /** Case-insensitive text of the run id, or ''. */
  text: string;
}

export const NO_FILTER: RunFilter = { state: '', from: '', to: '', text: '' };

/** Start of a local day in ms (`next`: of the day after), from an <input type=date> value; NaN when empty. */
function dayStart(day: string, next = 0): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + next).getTime() : NaN;
}

const startMs = (r: RunLine) => r.time_start[0] * 1000 + r.time_start[1] / 1000;

export function filterRuns(runs: RunLine[], f: RunFilter): RunLine[] {
  const from = dayStart(f.from);
  const toEnd = dayStart(f.to, 1);
  const text = f.text.trim().toLowerCase();
  return runs
    .filter((r) => (!f.state || r.state === f.state) && (!text || r.run_id.toLowerCase().includes(text)))
    .filter((r) => (Number.isNaN(from) || startMs(r) >= from) && (Number.isNaN(toEnd) || startMs(r) < toEnd))
    .sort((a, b) => startMs(b) - startMs(a));
}
