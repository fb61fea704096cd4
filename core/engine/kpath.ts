// kpaths address a value inside a result: `response.body.balance`, `rows[0].Exists`,
// `http_headers.[name=Content-Type].[0].value`, or `.` for the result itself.
type Step = { key: string } | { index: number } | { select: [string, string] };

const cache = new Map<string, Step[]>();

export function parseKpath(kpath: string): Step[] {
  const hit = cache.get(kpath);
  if (hit) return hit;
  const steps: Step[] = [];
  if (kpath !== '.' && kpath !== '') {
    const re = /\[(\d+)\]|\[([^=\]]+)=([^\]]*)\]|([^.[\]]+)/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(kpath))) {
      if (m[1] !== undefined) steps.push({ index: Number(m[1]) });
      else if (m[2] !== undefined) steps.push({ select: [m[2], m[3]!] });
      else steps.push({ key: m[4]! });
    }
  }
  if (cache.size < 10000) cache.set(kpath, steps);
  return steps;
}

/** The value at kpath, or undefined when any step is missing. */
export function getKpath(root: unknown, kpath: string): unknown {
  let cur: unknown = root;
  for (const s of parseKpath(kpath)) {
    if (cur === null || cur === undefined) return undefined;
    if ('key' in s) {
      if (typeof cur !== 'object') return undefined;
      cur = Array.isArray(cur) && /^\d+$/.test(s.key) ? cur[Number(s.key)] : (cur as Record<string, unknown>)[s.key];
    } else if ('index' in s) {
      // A field that repeats is a list, one that appears once is a value: [0] of a single value is the value.
      if (!Array.isArray(cur)) {
        if (s.index !== 0) return undefined;
        continue;
      }
      cur = cur[s.index];
    } else {
      if (!Array.isArray(cur)) return undefined;
      const [k, v] = s.select;
      cur = cur.filter((e) => e && typeof e === 'object' && String((e as Record<string, unknown>)[k]).toLowerCase() === v.toLowerCase());
    }
  }
  return cur;
}
