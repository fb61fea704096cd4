// "Did you mean ...?": the nearest names to a misspelt one (edit distance), for unknown fields and operation types.
import { distance } from 'fastest-levenshtein';

/**
 * Up to `max` candidates close to `name`, nearest first. Dotted names (operation types) are also compared by their
 * last segment, so `Query` finds `family.role_to_peer.Query`. Close: at most a third of the name's length in
 * edits (at least 2), or the same first half (`secs` → `seconds`).
 */
export function nearest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const lower = name.toLowerCase();
  const tail = (s: string) => s.slice(s.lastIndexOf('.') + 1);
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: Array<[string, number]> = [];
  for (const c of candidates) {
    const cl = c.toLowerCase();
    let d = distance(lower, cl);
    if (c.includes('.')) d = Math.min(d, distance(tail(lower), tail(cl)) + (lower.includes('.') ? 1 : 0));
    const prefix = c.includes('.') ? sharedPrefix(tail(lower), tail(cl)) : sharedPrefix(lower, cl);
    if (c !== name && (d <= limit || prefix >= Math.max(3, tail(name).length / 2))) scored.push([c, d]);
  }
  return scored
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([c]) => c);
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** ` (did you mean a or b?)`, or '' when nothing is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const n = nearest(name, candidates);
  return n.length ? ` (did you mean ${n.length > 1 ? `${n.slice(0, -1).join(', ')} or ${n.at(-1)}` : n[0]}?)` : '';
}
