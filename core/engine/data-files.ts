// Data set files: CSV (a header row, RFC 4180 quoting, read by csv-parse) or JSON (an array of objects), only from
// the service's data directory, <data-dir>/data/ (uploaded with PUT /api/data/<name>, docs/web.md). A name is a
// relative path of plain segments: no '..', no absolute path, and a symlink that leads out of the folder is refused.
// Files are read once and kept compactly (data-store.ts) while unchanged (same size and modification time).
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
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

/** The rows of a file, from the cache while it is unchanged. Throws with the file's line on bad content. */
export function loadDataFile(path: string, name: string, types: Readonly<Record<string, ColumnType>>, delimiter: string): RowStore {
  const st = statSync(path);
  if (!st.isFile()) throw new Error(`'${name}' is not a file`);
  if (st.size > MAX_DATA_FILE_BYTES) throw new Error(`'${name}' is ${st.size} bytes, more than ${MAX_DATA_FILE_BYTES} (docs/limits.md)`);
  const key = `${JSON.stringify(types)}|${delimiter}`;
  const hit = cache.get(path);
  if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs && hit.key === key) return hit.store;
  const bytes = readFileSync(path);
  const store = name.toLowerCase().endsWith('.json') ? jsonRows(bytes, name) : csvRows(bytes, name, types, delimiter);
  cache.delete(path);
  if (cache.size >= MAX_CACHED_FILES) cache.delete(cache.keys().next().value!);
  cache.set(path, { size: st.size, mtimeMs: st.mtimeMs, key, store });
  return store;
}

/** CSV: the first record names the columns; each later record is stored cell by cell (nothing kept per row). */
function csvRows(bytes: Buffer, name: string, types: Readonly<Record<string, ColumnType>>, delimiter: string): RowStore {
  const b = new RowStoreBuilder(bytes.length);
  let columns: string[] | undefined;
  let colTypes: ColumnType[] = [];
  let rows = 0;
  const onRecord = (rec: string[], ctx: { lines: number }): null => {
    if (!columns) {
      columns = rec.map((c) => c.trim());
      const dup = columns.find((c, i) => !c || columns!.indexOf(c) !== i);
      if (dup !== undefined) throw new Error(`${name}: the header row has ${dup ? `column '${dup}' twice` : 'an empty column name'}`);
      const unknown = Object.keys(types).find((t) => !columns!.includes(t));
      if (unknown) throw new Error(`${name}: types names column '${unknown}', which the header row (${columns.join(', ')}) has not`);
      colTypes = columns.map((c) => types[c] ?? 'string');
      return null;
    }
    if (++rows > MAX_DATA_ROWS) throw new Error(`${name}: more than ${MAX_DATA_ROWS} rows (docs/limits.md)`);
    rec.forEach((cell, k) => {
      if (colTypes[k] !== 'string') {
        try {
          castCell(cell, colTypes[k]!);
        } catch (e) {
          throw new Error(`${name}: line ${ctx.lines}, column '${columns![k]}': ${(e as Error).message}`);
        }
      }
      b.cell(cell);
    });
    return null;
  };
  try {
    parseCsv(bytes, { bom: true, delimiter, skip_empty_lines: true, on_record: onRecord });
  } catch (e) {
    const m = (e as Error).message;
    throw new Error(m.startsWith(name) ? m : `${name}: ${m}`);
  }
  if (!columns) throw new Error(`${name}: empty (a CSV data file starts with a header row)`);
  if (rows === 0) throw new Error(`${name}: a header row and no rows`);
  return b.done(columns, colTypes, rows);
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
