// The samples of a Prometheus text exposition, for the metrics tests.
import assert from 'node:assert/strict';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
export function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    assert.ok(m, `not a sample line: ${line}`);
    out.set(m[1]!, Number(m[2]));
  }
  return out;
}
