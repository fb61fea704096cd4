// Checks on the shape of a request's params that must run before anything recursive touches them (ajv, the
// template compiler, structuredClone): the nesting depth is bounded, so a deeply nested definition is a 2002
// naming the limit instead of a stack overflow; and after coercion every number is finite ("1e999" coerces to
// Infinity, which JSON cannot carry).

/** The deepest nesting of objects and arrays accepted in ExecuteTest params. */
export const MAX_PARAMS_DEPTH = 64;

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

/** The first place nesting passes `maxDepth`, without recursion. */
export function tooDeep(value: unknown, maxDepth = MAX_PARAMS_DEPTH): ShapeProblem | undefined {
  const stack: Array<[unknown, number, string]> = [[value, 0, '']];
  while (stack.length) {
    const [v, depth, path] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { path: path || 'params', message: `nests objects and arrays deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, depth + 1, key(path, i)]));
    else for (const [k, x] of Object.entries(v)) stack.push([x, depth + 1, key(path, k)]);
  }
  return undefined;
}

/** The first number that is not finite (after coercion), without recursion. */
export function nonFinite(value: unknown): ShapeProblem | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: path || 'params', message: `is ${v}: numbers must be finite` };
    } else if (v && typeof v === 'object') {
      if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, key(path, i)]));
      else for (const [k, x] of Object.entries(v)) stack.push([x, key(path, k)]);
    }
  }
  return undefined;
}

/** Run an argument validator (ajv, coercing numeric strings), then require every number to be finite. */
export function checkArguments(validate: { (data: unknown): boolean; errors?: unknown }, args: unknown): ShapeProblem | 'invalid' | undefined {
  if (!validate(args)) return 'invalid';
  return nonFinite(args);
}
