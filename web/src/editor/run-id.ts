// A fresh run id for each start: the definition's name (or "run") and the local time to the second, so the runs
// list reads in order; a suffix makes two starts in the same second differ.
let last = '';
let n = 0;

export function newRunId(name: string | undefined): string {
  const d = new Date();
  const p = (x: number) => String(x).padStart(2, '0');
  const base = `${name ?? 'run'}-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  n = base === last ? n + 1 : 0;
  last = base;
  return n ? `${base}-${n}` : base;
}
