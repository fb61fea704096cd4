// Equality for matching received values: numbers and numeric strings compare by value, digits and hex by text
// (case-insensitive hex), objects and arrays deeply.
export function looselyEqual(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  if (expected === null || actual === null || expected === undefined || actual === undefined) return false;
  if (typeof expected === 'number' || typeof actual === 'number' || typeof expected === 'boolean' || typeof actual === 'boolean') {
    if (typeof expected === 'boolean' || typeof actual === 'boolean') return String(expected) === String(actual) || Number(expected) === Number(actual);
    const a = Number(expected);
    const b = Number(actual);
    return !Number.isNaN(a) && a === b && String(expected).trim() !== '' && String(actual).trim() !== '';
  }
  if (typeof expected === 'string' && typeof actual === 'string') return expected === actual || expected.toLowerCase() === actual.toLowerCase() && /^[0-9a-f]+$/i.test(expected);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    return expected.length === actual.length && expected.every((v, i) => looselyEqual(v, actual[i]));
  }
  if (typeof expected === 'object' && typeof actual === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    return Object.keys(e).every((k) => looselyEqual(e[k], a[k]));
  }
  return false;
}

export function show(v: unknown): string {
  if (v === undefined) return 'absent';
  const s = JSON.stringify(v);
  return s.length > 200 ? s.slice(0, 197) + '...' : s;
}
