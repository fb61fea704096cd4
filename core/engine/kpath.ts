// kpaths address a value inside a result: `response.body.balance`, `rows[0].Exists`,
// `http_headers.[name=Content-Type].[0].value`, `bcsmEvents[eventTypeBCSM_name=oAnswer].legID`, or `.` for the
// result itself.
//
// A field that appears once is a value and one that repeats is a list, so the steps treat a single value as a
// one-element list: `[0]` of a value is the value, a selector `[k=v]` on a value selects it (or nothing). A selector
// gives the list of matches; a field name right after a selector reads that field of the first match.
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

function selected(e: unknown, k: string, v: string): boolean {
  return e !== null && typeof e === 'object' && String((e as Record<string, unknown>)[k]).toLowerCase() === v.toLowerCase();
}

/** The value at kpath, or undefined when any step is missing. */
export function getKpath(root: unknown, kpath: string): unknown {
  let cur: unknown = root;
  let afterSelect = false;
  for (const s of parseKpath(kpath)) {
    if (cur === null || cur === undefined) return undefined;
    if ('key' in s) {
      if (typeof cur !== 'object') return undefined;
      if (Array.isArray(cur) && /^\d+$/.test(s.key)) cur = cur[Number(s.key)];
      else {
        // `[k=v].field`: the field of the first match
        if (afterSelect && Array.isArray(cur)) cur = cur[0];
        cur = cur === undefined ? undefined : (cur as Record<string, unknown>)[s.key];
      }
      afterSelect = false;
    } else if ('index' in s) {
      afterSelect = false;
      // A field that repeats is a list, one that appears once is a value: [0] of a single value is the value.
      if (!Array.isArray(cur)) {
        if (s.index !== 0) return undefined;
        continue;
      }
      cur = cur[s.index];
    } else {
      if (typeof cur !== 'object') return undefined;
      const [k, v] = s.select;
      cur = Array.isArray(cur) ? cur.filter((e) => selected(e, k, v)) : selected(cur, k, v) ? [cur] : [];
      afterSelect = true;
    }
  }
  return cur;
}
