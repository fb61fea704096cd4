// JSON paths as the service writes them in its messages (`operations[1].arguments.serviceKey`,
// `arguments["!cause"]`), so that a problem found in the browser and one the service answers name a field the same
// way, and the form field, the JSON editor's line and the message agree.

export type Segment = string | number;

const IDENT = /^[A-Za-z_$][\w$]*$/;

export function pathText(segments: readonly Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** `#/operations/0/arguments/x` (a JSON pointer, as @cfworker/json-schema locates instances) → segments. */
export function pointerSegments(pointer: string): Segment[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((raw) => safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `operations[1].arguments["!cause"]` → segments (the inverse of pathText). */
export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  const re = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([A-Za-z_$][\w$]*)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < path.length && (m = re.exec(path))) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(JSON.parse(m[2]) as string);
    else out.push(m[3]!);
  }
  return out;
}

/** The path a service message names: `operations[1].arguments.x: must be integer` → `operations[1].arguments.x`. */
export function pathOfMessage(message: string): string | undefined {
  const m = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*): /.exec(message);
  return m?.[1];
}

/** The value at `segments` inside `value`, undefined when the path leaves the data. */
export function valueAt(value: unknown, segments: readonly Segment[]): unknown {
  let cur = value;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
