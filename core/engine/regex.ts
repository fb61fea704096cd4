// Regular expressions of `tests[]` (type regex) run on a linear-time engine (re2js, RE2's semantics in pure
// JavaScript): no pattern can make a test take exponential time (`^(a+)+$` on 'aaaa…!' is linear). RE2 has no
// backreferences or lookaround; a pattern that needs them is refused when the run is validated (2002).
import { RE2JS } from 're2js';

export interface Regex {
  test(input: string): boolean;
}

/** Compile a pattern (search semantics, as JavaScript's RegExp#test); throws naming what RE2 cannot do. */
export function compileRegex(pattern: string): Regex {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    throw new Error(`bad regular expression /${pattern.length > 80 ? `${pattern.slice(0, 77)}...` : pattern}/: ${(e as Error).message} (patterns run on RE2: no backreferences or lookaround)`);
  }
  return { test: (input: string) => re.test(input) };
}

/** A bounded per-run cache of compiled patterns (patterns given by expressions can differ per instance). */
export class RegexCache {
  private readonly map = new Map<string, Regex>();
  constructor(private readonly max = 1000) {}
  get(pattern: string): Regex {
    let re = this.map.get(pattern);
    if (!re) {
      re = compileRegex(pattern);
      if (this.map.size >= this.max) this.map.clear();
      this.map.set(pattern, re);
    }
    return re;
  }
}
