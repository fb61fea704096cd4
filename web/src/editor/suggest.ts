// "did you mean": the names nearest to a misspelt one, by the service's rule (core/validation/suggest.ts), so the
// browser's message is the service's: within a third of the name's length in edits (at least 2), or sharing the
// first half; dotted names (operation types) are also compared by their last segment.

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

function commonStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

const lastSegment = (s: string) => s.slice(s.lastIndexOf('.') + 1);

/** Up to three names close to `word`, nearest first (ties by name). */
export function nearest(word: string, names: readonly string[]): string[] {
  const w = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  const close: Array<{ name: string; d: number }> = [];
  for (const name of names) {
    const n = name.toLowerCase();
    const dotted = name.includes('.');
    const d = dotted ? Math.min(distance(w, n), distance(lastSegment(w), lastSegment(n)) + (w.includes('.') ? 1 : 0)) : distance(w, n);
    const shared = dotted ? commonStart(lastSegment(w), lastSegment(n)) : commonStart(w, n);
    if (name !== word && (d <= limit || shared >= Math.max(3, lastSegment(word).length / 2))) close.push({ name, d });
  }
  close.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return close.slice(0, 3).map((c) => c.name);
}

/** ` (did you mean a, b or c?)`, or '' when nothing is close. */
export function didYouMean(word: string, names: readonly string[]): string {
  const n = nearest(word, names);
  if (!n.length) return '';
  return ` (did you mean ${n.length > 1 ? `${n.slice(0, -1).join(', ')} or ${n.at(-1)}` : n[0]}?)`;
}
