// The last octets a number format made for one field (a prefix's derived fields, `callingPartyNumber_digits` ...),
// with the values it read to make them. A load run sends the same argument thousands of times a second and most of
// its numbers do not change from one instance to the next (the calling party, an SCF address): when every value the
// format read is the same as last time, its octets are the same (a format is a function of what it reads), so they
// are taken again instead of encoded again. Only primitive values are compared (an object could have changed inside).
import type { NumberFormat } from './numbers.js';
import type { Obj } from './values.js';

interface Memo {
  format: NumberFormat;
  /** The keys of the holder the format read, in order, and what each held. */
  keys: string[];
  values: unknown[];
  /** How many of keys/values are this memo's (the arrays are reused). */
  n: number;
  octets: Uint8Array | undefined;
  /** Misses in a row (a value read changed, or was not a primitive). */
  misses: number;
  /** Calls left that encode without comparing or recording: the field changes with every instance. */
  bypass: number;
}

/** After this many misses in a row the memo stops comparing for BYPASS_CALLS calls, then tries once again. */
const MISSES_TO_BYPASS = 4;
const BYPASS_CALLS = 64;

/** The holder between calls: nothing of an argument stays referenced, and no object is made per call. */
const NO_HOLDER: Obj = Object.freeze({});

/** One memo per field's key table (derivedKeys' object: one per format and prefix). */
const memos = new WeakMap<object, Memo>();

/** A getter for `format.encode` that reads `holder` and records what it read in the memo of `table`. */
export class DerivedMemos {
  private memo: Memo | undefined = undefined;
  private holder: Obj = NO_HOLDER;
  private table: Readonly<Record<string, string>> = {};
  private name = '';
  /** The getter of a bypassed memo: reads, records nothing. */
  private readonly plainGet = (suffix: string): unknown => this.holder[this.table[suffix] ?? this.name + '_' + suffix];
  private readonly recordingGet = (suffix: string): unknown => {
    const key = this.table[suffix] ?? this.name + '_' + suffix;
    const v = this.holder[key];
    const m = this.memo!;
    m.keys[m.n] = key;
    m.values[m.n++] = v;
    return v;
  };

  /** The octets `format` makes of `holder`'s derived fields of `name` (keys in `table`), or the fault's text. */
  encode(format: NumberFormat, table: Readonly<Record<string, string>>, holder: Obj, name: string): Uint8Array | string {
    let m = memos.get(table);
    if (m !== undefined && m.format === format) {
      if (m.bypass > 0) {
        m.bypass--;
        return this.encodeWith(format, this.plainGet, holder, table, name);
      }
      if (m.octets !== undefined && same(m, holder)) {
        m.misses = 0;
        return m.octets;
      }
    }
    if (m === undefined) memos.set(table, (m = { format, keys: [], values: [], n: 0, octets: undefined, misses: 0, bypass: 0 }));
    // a field whose value changes with every instance (a called number with the instance's digits) pays for the
    // comparison and the recording without ever being taken again: it is encoded plainly for a while
    if (m.octets !== undefined && ++m.misses >= MISSES_TO_BYPASS) {
      m.misses = 0;
      m.bypass = BYPASS_CALLS;
    }
    m.format = format;
    m.n = 0;
    m.octets = undefined;
    this.memo = m;
    const r = this.encodeWith(format, this.recordingGet, holder, table, name);
    if (typeof r !== 'string' && primitives(m)) m.octets = r;
    return r;
  }

  private encodeWith(format: NumberFormat, get: (suffix: string) => unknown, holder: Obj, table: Readonly<Record<string, string>>, name: string): Uint8Array | string {
    this.holder = holder;
    this.table = table;
    this.name = name;
    try {
      return format.encode(get);
    } finally {
      this.memo = undefined;
      this.holder = NO_HOLDER;
    }
  }
}

function same(m: Memo, holder: Obj): boolean {
  for (let i = 0; i < m.n; i++) if (holder[m.keys[i]!] !== m.values[i]) return false;
  return true;
}

function primitives(m: Memo): boolean {
  for (let i = 0; i < m.n; i++) {
    const v = m.values[i];
    if (typeof v === 'object' && v !== null) return false;
    if (typeof v === 'function') return false;
  }
  return true;
}
