// Data set files: CSV (a header row, RFC 4180 quoting, read by csv-parse) or JSON (an array of objects), only from
// the service's data directory, <data-dir>/data/ (uploaded with PUT /api/data/<name>, docs/web.md). A name is a
// relative path of plain segments: no '..', no absolute path, and a symlink that leads out of the folder is refused.
// Files are read once and kept compactly (data-store.ts) while unchanged (same size and modification time).
import { readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as csvStream } from 'csv-parse';
import { castCell, RowStoreBuilder, type ColumnType, type RowStore } from './data-store.js';

/** The largest data file (bytes) and the most rows of one set (docs/limits.md). */
export const MAX_DATA_FILE_BYTES = 512 * 1024 * 1024;
const MAX_DATA_ROWS = 10_000_000;
/** A file name: relative, plain segments. */
export const DATA_FILE_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$';
const NAME = new RegExp(DATA_FILE_PATTERN);

/** The folder of data files under a data directory. */
export function dataFolder(dataDir: string): string {
  return join(dataDir, 'data');
}

/** The file a data set names, inside the folder; throws (the caller makes it 2002 at its path) when it is not. */
export function dataFilePath(dataDir: string | undefined, name: string): string {
  if (!dataDir) throw new Error('this service has no data directory: use inline rows');
  if (!NAME.test(name) || name.split('/').some((s) => s === '..' || s === '.')) throw new Error(`'${name}' is not a data file name (a relative path of letters, digits, '_', '-', '.'; no '..')`);
  const folder = dataFolder(dataDir);
  let real: string;
  try {
    real = realpathSync(join(folder, name));
  } catch {
    throw new Error(`no file '${name}' in the data directory (${folder}); upload it with PUT /api/data/${name}`);
  }
  const root = realpathSync(folder);
  if (!real.startsWith(root + sep)) throw new Error(`'${name}' leads out of the data directory (a symlink): refused`);
  return real;
}

interface Cached {
  size: number;
  mtimeMs: number;
  key: string;
  store: RowStore;
}
const cache = new Map<string, Cached>();
const MAX_CACHED_FILES = 8;

/** The file's cached rows when it has not changed since they were read. */
function cached(path: string, st: Stats, key: string): RowStore | undefined {
  const hit = cache.get(path);
  return hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs && hit.key === key ? hit.store : undefined;
}

function remember(path: string, st: Stats, key: string, store: RowStore): RowStore {
  cache.delete(path);
  if (cache.size >= MAX_CACHED_FILES) cache.delete(cache.keys().next().value!);
  cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, key, store });
  return store;
}

function statFile(path: string, name: string): Stats {
  const st = statSync(path);
  if (!st.isFile()) throw new Error(`'${name}' is not a file`);
  if (st.size > MAX_DATA_FILE_BYTES) throw new Error(`'${name}' is ${st.size} bytes, more than ${MAX_DATA_FILE_BYTES} (docs/limits.md)`);
  return st;
}

const isJson = (name: string) => name.toLowerCase().endsWith('.json');
const CSV_OPTIONS = { bom: true, skip_empty_lines: true } as const;

/** The rows of a file, from the cache while it is unchanged. Throws with the file's line on bad content. */
export function loadDataFile(path: string, name: string, types: Readonly<Record<string, ColumnType>>, delimiter: string): RowStore {
  const st = statFile(path, name);
  const key = `${JSON.stringify(types)}|${delimiter}`;
  const hit = cached(path, st, key);
  if (hit) return hit;
  const bytes = readFileSync(path);
  if (isJson(name)) return remember(path, st, key, jsonRows(bytes, name));
  const rows = new CsvRows(name, types, bytes.length);
  try {
    parseCsv(bytes, { ...CSV_OPTIONS, delimiter, on_record: rows.onRecord });
  } catch (e) {
    throw rows.error(e);
  }
  return remember(path, st, key, rows.done());
}

/**
 * Read a CSV file into the cache the way loadDataFile would, a slice at a time: a 1,000,000-row file takes
 * seconds to parse, and the service's other clients and runs go on meanwhile (compileDefinitionSliced calls it
 * before compiling); undefined for a JSON file (read by loadDataFile). Any problem is left to loadDataFile, which
 * reports it at the set's path.
 */
export async function preloadDataFile(dataDir: string | undefined, name: string, types: Readonly<Record<string, ColumnType>>, delimiter: string): Promise<RowStore | undefined> {
  try {
    const path = dataFilePath(dataDir, name);
    const st = statFile(path, name);
    const key = `${JSON.stringify(types)}|${delimiter}`;
    if (isJson(name)) return undefined;
    const hit = cached(path, st, key);
    if (hit) return hit;
    let bytes: Buffer | undefined = await readFile(path);
    const rows = new CsvRows(name, types, bytes.length);
    // the file's bytes are let go as soon as they are parsed, whatever holds the stream's objects a while longer
    async function* slices() {
      for (let at = 0; bytes && at < bytes.length; at += PRELOAD_SLICE) {
        yield bytes.subarray(at, at + PRELOAD_SLICE);
        await new Promise((r) => setImmediate(r));
      }
      bytes = undefined;
    }
    const sink = new Writable({ objectMode: true, write: (_r, _e, done) => done() });
    await pipeline(Readable.from(slices()), csvStream({ ...CSV_OPTIONS, delimiter, on_record: rows.onRecord }), sink);
    return remember(path, st, key, rows.done());
  } catch {
    return undefined; // loadDataFile reports it
  }
}
const PRELOAD_SLICE = 64 * 1024;

/** A CSV file's records: the first names the columns; each later one is stored cell by cell (nothing kept per row). */
class CsvRows {
  private readonly b: RowStoreBuilder;
  private columns: string[] | undefined;
  private colTypes: ColumnType[] = [];
  private rows = 0;

  constructor(
    private readonly name: string,
    private readonly types: Readonly<Record<string, ColumnType>>,
    size: number,
  ) {
    this.b = new RowStoreBuilder(size);
  }

  readonly onRecord = (rec: string[], ctx: { lines: number }): null => {
    if (!this.columns) {
      this.header(rec);
      return null;
    }
    if (++this.rows > MAX_DATA_ROWS) throw new Error(`${this.name}: more than ${MAX_DATA_ROWS} rows (docs/limits.md)`);
    for (let k = 0; k < rec.length; k++) {
      const cell = rec[k]!;
      const type = this.colTypes[k]!;
      if (type !== 'string') {
        try {
          castCell(cell, type);
        } catch (e) {
          throw new Error(`${this.name}: line ${ctx.lines}, column '${this.columns[k]}': ${(e as Error).message}`);
        }
      }
      this.b.cell(cell);
    }
    return null;
  };

  private header(rec: string[]): void {
    const columns = (this.columns = rec.map((c) => c.trim()));
    const dup = columns.find((c, i) => !c || columns.indexOf(c) !== i);
    if (dup !== undefined) throw new Error(`${this.name}: the header row has ${dup ? `column '${dup}' twice` : 'an empty column name'}`);
    const unknown = Object.keys(this.types).find((t) => !columns.includes(t));
    if (unknown) throw new Error(`${this.name}: types names column '${unknown}', which the header row (${columns.join(', ')}) has not`);
    this.colTypes = columns.map((c) => this.types[c] ?? 'string');
  }

  /** A parse error as thrown to the caller: naming the file. */
  error(e: unknown): Error {
    const m = (e as Error).message;
    return new Error(m.startsWith(this.name) ? m : `${this.name}: ${m}`);
  }

  done(): RowStore {
    if (!this.columns) throw new Error(`${this.name}: empty (a CSV data file starts with a header row)`);
    if (this.rows === 0) throw new Error(`${this.name}: a header row and no rows`);
    return this.b.done(this.columns, this.colTypes, this.rows);
  }
}

/** JSON: an array of objects, each stored as its JSON text. */
function jsonRows(bytes: Buffer, name: string): RowStore {
  let rows: unknown;
  try {
    rows = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new Error(`${name}: not JSON: ${(e as Error).message}`);
  }
  return packRows(rows, name);
}

/** Rows given as data (a JSON file's, or inline `rows`): an array of objects, each stored as its JSON text. */
export function packRows(rows: unknown, name: string): RowStore {
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${name}: must be a non-empty array of objects (rows)`);
  if (rows.length > MAX_DATA_ROWS) throw new Error(`${name}: more than ${MAX_DATA_ROWS} rows (docs/limits.md)`);
  const texts = rows.map((r, i) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new Error(`${name}[${i}]: is not an object`);
    return JSON.stringify(r);
  });
  const b = new RowStoreBuilder(texts.reduce((n, t) => n + Buffer.byteLength(t), 0));
  for (const t of texts) b.cell(t);
  return b.done(undefined, [], rows.length);
}
