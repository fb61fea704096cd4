// Expressions produce JSON values only: null, booleans, finite numbers, strings, arrays and plain objects of
// them, within a size bound. `jsonValue` checks a value (without copying it) and measures it as the length of its
// JSON text, stopping as soon as the bound is passed, so a huge or cyclic value costs no more than the bound.

export class ValueError extends Error {}

/**
 * Check that `v` is a JSON value of at most `budget` bytes of JSON text (approximately: string contents count
 * their length plus quotes). Returns its size. undefined counts as null. Throws ValueError naming what is wrong.
 */
export function jsonValueSize(v: unknown, budget: number, what = 'value'): number {
  let used = 0;
  // An explicit stack: nesting cannot overflow the call stack, and a cycle cannot loop forever (it passes the budget).
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    switch (typeof x) {
      case 'string':
        used += x.length + 2;
        break;
      case 'number':
        if (!Number.isFinite(x)) throw new ValueError(`${what} is ${x}, not a JSON number`);
        used += 8;
        break;
      case 'boolean':
        used += 5;
        break;
      case 'undefined':
        used += 4;
        break;
      case 'object':
        if (x === null) {
          used += 4;
          break;
        }
        if (Array.isArray(x)) {
          used += 2 + x.length;
          for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]);
          break;
        }
        {
          const proto = Object.getPrototypeOf(x);
          if (proto !== Object.prototype && proto !== null) throw new ValueError(`${what} holds a ${(x as object).constructor?.name ?? 'non-plain'} object, not JSON data`);
          used += 2;
          for (const k in x as Record<string, unknown>) {
            if (!Object.hasOwn(x as object, k)) continue;
            used += k.length + 4;
            stack.push((x as Record<string, unknown>)[k]);
          }
        }
        break;
      default:
        throw new ValueError(`${what} is a ${typeof x}, not JSON data`);
    }
    if (used > budget) throw new ValueError(`${what} is larger than ${budget} bytes (max_value_bytes / max_vars_bytes of this service)`);
  }
  return used;
}
