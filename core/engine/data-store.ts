// The rows of a data set, stored compactly: the cells' UTF-8 text one after the other in one buffer, and where each
// starts in a Uint32Array. A 1,000,000-row CSV file costs its text (at most the file's size: quotes and separators
// are dropped) and 4 bytes per cell, not an object and strings per row; an instance makes its row's object when it
// starts (row()). A JSON row (a file's or inline) is stored as its JSON text, one cell.
import type { Json, JsonObject } from '../api/index.js';

/** How a CSV column's text becomes a value: strings by default (a leading zero of an MSISDN stays). */
export type ColumnType = 'string' | 'number' | 'integer' | 'boolean' | 'json';

/** A cell's text as a value of its column's type; throws when it is not one (checked once, at load). */
export function castCell(text: string, type: ColumnType): Json {
  switch (type) {
    case 'string':
      return text;
    case 'number':
    case 'integer': {
      const v = text.trim() === '' ? NaN : Number(text);
      if (!Number.isFinite(v) || (type === 'integer' && !Number.isSafeInteger(v))) throw new Error(`'${text.slice(0, 40)}' is not ${type === 'integer' ? 'an integer' : 'a number'}`);
      return v;
    }
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0' || text === '') return false;
      throw new Error(`'${text.slice(0, 40)}' is not a boolean (true, false, 1, 0)`);
    case 'json':
      try {
        return JSON.parse(text) as Json;
      } catch {
        throw new Error(`'${text.slice(0, 40)}' is not JSON`);
      }
  }
}

export class RowStore {
  constructor(
    /** CSV: the header's column names; undefined: each row is one JSON text. */
    private readonly columns: readonly string[] | undefined,
    private readonly types: readonly ColumnType[],
    private readonly text: Buffer,
    /** Where cell k of row i starts: offsets[i * width + k]; one more entry ends the last cell. */
    private readonly offsets: Uint32Array,
    readonly rows: number,
    /** Every cell is ASCII: read as latin1, which skips UTF-8 decoding (a third of row()'s time). */
    private readonly ascii: boolean,
  ) {}

  /** Bytes held: the text and the offsets. */
  get bytes(): number {
    return this.text.byteLength + this.offsets.byteLength;
  }

  /** Row i as a fresh object (an instance may keep it in its vars). */
  row(i: number): JsonObject {
    const o = this.offsets;
    const cols = this.columns;
    const enc = this.ascii ? 'latin1' : 'utf8';
    if (!cols) return JSON.parse(this.text.toString(enc, o[i], o[i + 1])) as JsonObject;
    const w = cols.length;
    const out: JsonObject = {};
    for (let k = 0, at = i * w; k < w; k++, at++) {
      const t = this.text.toString(enc, o[at], o[at + 1]);
      const type = this.types[k]!;
      out[cols[k]!] = type === 'string' ? t : castCell(t, type);
    }
    return out;
  }
}

/** Builds a RowStore cell by cell: the text buffer sized to the input (cells never outgrow it), the offsets grown. */
export class RowStoreBuilder {
  private text: Buffer;
  private used = 0;
  private offsets = new Uint32Array(1024);
  private cells = 0;
  private ascii = true;

  constructor(maxTextBytes: number) {
    this.text = Buffer.allocUnsafe(Math.max(16, maxTextBytes));
  }

  cell(s: string): void {
    if (this.cells + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.cells++] = this.used;
    const need = Buffer.byteLength(s);
    if (need !== s.length) this.ascii = false;
    if (this.used + need > this.text.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.text.length * 2, this.used + need));
      this.text.copy(grown, 0, 0, this.used);
      this.text = grown;
    }
    this.used += this.text.write(s, this.used);
  }

  /** The store, its buffers cut to what they hold (copies: the spare capacity is let go). */
  done(columns: readonly string[] | undefined, types: readonly ColumnType[], rows: number): RowStore {
    this.offsets[this.cells] = this.used;
    const store = new RowStore(columns, types, Buffer.from(this.text.subarray(0, this.used)), this.offsets.slice(0, this.cells + 1), rows, this.ascii);
    // the builder may outlive the read (a parser's options hold it): its spare buffers go now
    this.text = Buffer.alloc(0);
    this.offsets = new Uint32Array(0);
    return store;
  }
}
