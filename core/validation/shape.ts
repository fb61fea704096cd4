// Checks on the shape of a request's params that must run before anything recursive touches them (ajv, the
// template compiler, structuredClone): the nesting depth is bounded, so a deeply nested definition is a 2002
// naming the limit instead of a stack overflow; and after coercion every number is finite ("1e999" coerces to
// Infinity, which JSON cannot carry).

/** The deepest nesting of objects and arrays accepted in ExecuteTest params. */
const MAX_PARAMS_DEPTH = 64;

export interface ShapeProblem {
  path: string;
  message: string;
}

const key = (path: string, k: string | number): string =>
  typeof k === 'number' ? `${path}[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`;

/** `base` and a path relative to it (as `key` builds them: `a.b`, `[0]`, `["x y"]`). */
export function joinPath(base: string, rel: string): string {
  if (!rel || rel === 'params') return base;
  return rel.startsWith('[') ? `${base}${rel}` : `${base}.${rel}`;
}

/**
 * Iterative walk over objects and arrays that builds no path strings on the way: each frame keeps its parent's
 * frame and its key, and the path is spelled out only for the one node a check reports.
 */
interface Frame {
  v: unknown;
  depth: number;
  parent: Frame | undefined;
  k: string | number | undefined;
}

function pathOf(f: Frame): string {
  const keys: Array<string | number> = [];
  for (let x: Frame | undefined = f; x && x.k !== undefined; x = x.parent) keys.push(x.k);
  let path = '';
  for (let i = keys.length - 1; i >= 0; i--) path = key(path, keys[i]!);
  return path;
}

function walk(value: unknown, visit: (f: Frame) => boolean): Frame | undefined {
  const stack: Frame[] = [{ v: value, depth: 0, parent: undefined, k: undefined }];
  while (stack.length) {
    const f = stack.pop()!;
    if (visit(f)) return f;
    const v = f.v;
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push({ v: v[i], depth: f.depth + 1, parent: f, k: i });
    else for (const k in v) if (Object.hasOwn(v, k)) stack.push({ v: (v as Record<string, unknown>)[k], depth: f.depth + 1, parent: f, k });
  }
  return undefined;
}

/** The first place nesting passes `maxDepth`, without recursion. */
export function tooDeep(value: unknown, maxDepth = MAX_PARAMS_DEPTH): ShapeProblem | undefined {
  const f = walk(value, (x) => x.depth >= maxDepth && x.v !== null && typeof x.v === 'object');
  return f && { path: pathOf(f) || 'params', message: `nests objects and arrays deeper than ${maxDepth} levels` };
}

/** The first number that is not finite (after coercion), without recursion. */
export function nonFinite(value: unknown): ShapeProblem | undefined {
  if (!hasNonFinite(value)) return undefined; // the common case, without a frame per value
  const f = walk(value, (x) => typeof x.v === 'number' && !Number.isFinite(x.v));
  return f && { path: pathOf(f) || 'params', message: `is ${f.v as number}: numbers must be finite` };
}

const pending: unknown[] = [];

/**
 * Whether a number in `value` is not finite (NaN, ±Infinity), without recursion (one stack array, kept: no growth per
 * call). Only objects and arrays go on the stack: a flat argument's values are looked at where they are.
 */
function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  const stack = pending;
  let top = 0;
  stack[top++] = value;
  let found = false;
  while (top > 0) {
    const v = stack[--top] as Record<string, unknown>;
    stack[top] = undefined; // nothing of the arguments stays referenced
    if (found) continue;
    for (const k in v) {
      // an array's elements are its own keys too
      const x = Object.hasOwn(v, k) ? v[k] : undefined;
      if (typeof x === 'number') found ||= !Number.isFinite(x);
      else if (x !== null && typeof x === 'object') stack[top++] = x;
    }
  }
  return found;
}

/** Run an argument validator (ajv, coercing numeric strings), then require every number to be finite. */
export function checkArguments(validate: { (data: unknown): boolean; errors?: unknown }, args: unknown): ShapeProblem | 'invalid' | undefined {
  if (!validate(args)) return 'invalid';
  return nonFinite(args);
}
