// ExecuteTest `data`: named data sets (inline rows, or a CSV/JSON file of the data directory) and how each
// instance takes its row, read as `$d.<set>`:
// - sequential: row $n mod rows (the rows in order, again from the first when they run out);
// - random: a row drawn with ctx.random() (the run's `seed` makes it repeat);
// - unique: row $n, each row at most once; an instance past the last row aborts (`on_exhausted: "fail"`) or the
//   run is cut to as many instances as rows (`"end"`).
// Rows follow $n, which is unique across the slices and workers of a run (slice.ts): they take disjoint rows
// without sharing a cursor. Every misuse is 2002 naming its path.
import type { Distribution, JsonObject, ParamDefinition } from '../api/index.js';
import { invalid, type TesterError } from '../errors.js';
import { compileExpression } from '../expr/jexl.js';
import { expressionSource } from '../expr/template.js';
import type { RandomSource } from '../expr/run-state.js';
import type { Registry } from '../plugins/registry.js';
import { DATA_FILE_PATTERN, dataFilePath, loadDataFile, packRows, preloadDataFile } from './data-files.js';
import { MAX_SEED, Rng } from './random.js';
import type { ColumnType, RowStore } from './data-store.js';

/** The most data sets of one run (docs/limits.md). */
const MAX_DATA_SETS = 32;

type Mode = 'sequential' | 'random' | 'unique';

interface DataSet {
  name: string;
  store: RowStore;
  mode: Mode;
  failWhenOut: boolean;
}

/** An instance past the last row of a unique set, when the set's on_exhausted is "fail". */
export class DataExhausted extends Error {}

export class CompiledData {
  constructor(private readonly sets: readonly DataSet[]) {}

  /** $d of instance $n: one row per set. */
  rows(n: number, rng: RandomSource | undefined): JsonObject {
    const d: JsonObject = {};
    for (const s of this.sets) {
      const rows = s.store.rows;
      let i: number;
      if (s.mode === 'sequential') i = n % rows;
      else if (s.mode === 'random') i = Math.floor((rng ? rng.next() : Math.random()) * rows);
      else if (n < rows) i = n;
      else throw new DataExhausted(`data.${s.name}: no row left for instance ${n} (unique, ${rows} rows, on_exhausted "fail")`);
      d[s.name] = s.store.row(i);
    }
    return d;
  }

  /** The fewest rows of a unique set whose run ends when they run out (on_exhausted "end"), if any. */
  get endAfter(): number | undefined {
    let m: number | undefined;
    for (const s of this.sets) if (s.mode === 'unique' && !s.failWhenOut) m = Math.min(m ?? Infinity, s.store.rows);
    return m;
  }
}

/** What an instance draws before its vars: its rows ($d) and its seeded generator, each undefined when unused. */
export interface InstanceDraw {
  $d: JsonObject | undefined;
  rng: Rng | undefined;
}

/** The draw of instance $n (data-sets.ts throws DataExhausted past the last row of a unique set). */
export function instanceDraw(seed: number | undefined, data: CompiledData | undefined, n: number): InstanceDraw {
  const rng = seed === undefined ? undefined : new Rng(seed, n);
  return { $d: data?.rows(n, rng), rng };
}

/** The `data` param compiled (files read), or undefined without one. Throws 2002 at the set's path. */
export function compileData(params: JsonObject, registry: Registry): CompiledData | undefined {
  const raw = params.data as Record<string, JsonObject> | undefined;
  if (!raw || Object.keys(raw).length === 0) return undefined;
  const sets: DataSet[] = [];
  for (const [name, spec] of Object.entries(raw)) {
    const path = `data.${name}`;
    let store: RowStore;
    try {
      if (spec.rows !== undefined) store = packRows(spec.rows, `${path}.rows`);
      else {
        const file = spec.file as string;
        const types = (spec.types ?? {}) as Record<string, ColumnType>;
        store = loadDataFile(dataFilePath(registry.dataDir, file), file, types, (spec.delimiter as string | undefined) ?? ',');
      }
    } catch (e) {
      throw invalid(spec.rows !== undefined ? `${path}.rows` : `${path}.file`, (e as Error).message);
    }
    const mode = (spec.mode ?? 'sequential') as Mode;
    if (spec.on_exhausted !== undefined && mode !== 'unique') throw invalid(`${path}.on_exhausted`, `applies to mode "unique" only (this set's mode is "${mode}")`);
    sets.push({ name, store, mode, failWhenOut: spec.on_exhausted !== 'end' });
  }
  return new CompiledData(sets);
}

/** The CSV files a definition names read into the cache a slice at a time, before it is compiled (data-files.ts). */
export async function preloadData(params: JsonObject, registry: Registry): Promise<void> {
  for (const spec of Object.values((params.data ?? {}) as Record<string, JsonObject>)) {
    if (typeof spec.file === 'string') await preloadDataFile(registry.dataDir, spec.file, (spec.types ?? {}) as Record<string, ColumnType>, (spec.delimiter as string | undefined) ?? ',');
  }
}

/** A run whose unique rows end it (on_exhausted "end"): its (slice's) total cut to the instances that have a row. */
export function cutToRows(d: Distribution, rows: number | undefined): Distribution {
  if (rows === undefined || d.type === 'single') return d;
  const s = d.slice;
  // slice k of N runs $n = k + j·N: those below `rows`
  const have = s ? Math.max(0, Math.ceil((rows - s.index) / s.count)) : rows;
  if (have >= d.total) return d;
  const total = Math.max(1, have);
  return { ...d, total, backlog: Math.min(d.backlog, total) };
}

/**
 * Every `$d.<set>` read by an expression of the definition names a declared set: 2002 at the expression's path
 * otherwise. Expressions are found by walking the params: strings written "{...}", and the arguments an operation
 * type always reads as expressions (assert's and branch's `expression`), wherever operations are (operations[],
 * flows).
 */
export function checkDataRefs(params: JsonObject, registry: Registry, problems?: TesterError[]): void {
  const names = Object.keys((params.data ?? {}) as JsonObject);
  const known = new Set(names);
  const check = (source: string, path: string) => {
    let sets: readonly string[];
    try {
      sets = compileExpression(source).dataSets;
    } catch {
      return; // its own compilation reports it
    }
    for (const s of sets) {
      if (known.has(s)) continue;
      const e = invalid(path, `$d.${s}: no data set '${s}' (${names.length ? `data sets: ${names.join(', ')}` : 'the run declares no data'})`);
      if (!problems) throw e;
      problems.push(e);
    }
  };
  const walk = (v: unknown, path: string, always: readonly string[]) => {
    if (typeof v === 'string') {
      const src = expressionSource(v);
      if (src !== undefined) check(src, path);
      return;
    }
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, []));
    const o = v as JsonObject;
    const def = typeof o.type === 'string' ? registry.resolve(o.type)?.op.def : undefined;
    for (const [k, x] of Object.entries(o)) {
      const p = /^[A-Za-z_$][\w$]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`;
      if (always.includes(k) && typeof x === 'string' && expressionSource(x) === undefined) check(x, p);
      else walk(x, p, k === 'arguments' && def ? (def.expressionArguments ?? []) : []);
    }
  };
  for (const [k, v] of Object.entries(params)) if (k !== 'data' && k !== '$schema' && k !== 'description') walk(v, k, []);
}

/** The ExecuteTest params `data` and `seed`, declared once (core/rpc/params-schema.ts). */
export const dataParams: Readonly<Record<string, ParamDefinition>> = {
  data: {
    schema: {
      type: 'object',
      maxProperties: MAX_DATA_SETS,
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: 64 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        oneOf: [{ required: ['rows'] }, { required: ['file'] }],
        properties: {
          rows: { type: 'array', minItems: 1, maxItems: 10000, items: { type: 'object' }, description: 'Inline rows: objects' },
          file: { type: 'string', maxLength: 256, pattern: DATA_FILE_PATTERN, description: 'A CSV (header row) or .json file (an array of objects) in <data-dir>/data/' },
          mode: { enum: ['sequential', 'random', 'unique'], default: 'sequential', description: 'sequential: row $n mod rows; random: a random row (repeats with seed); unique: row $n, each row at most once' },
          on_exhausted: { enum: ['fail', 'end'], description: 'unique: an instance past the last row aborts (fail, the default), or the run has as many instances as rows (end)' },
          types: {
            type: 'object',
            additionalProperties: { enum: ['string', 'number', 'integer', 'boolean', 'json'] },
            description: "CSV: columns' types (default string: a leading zero stays)",
          },
          delimiter: { type: 'string', minLength: 1, maxLength: 1, default: ',', description: 'CSV: the field separator' },
        },
      },
    },
    description: 'Data sets each instance reads a row of as $d.<set> (e.g. $d.subs.msisdn): {"subs": {"file": "subs.csv", "mode": "unique"}} or {"cells": {"rows": [{...}]}}',
  },
  seed: {
    schema: { type: 'integer', minimum: 0, maximum: MAX_SEED },
    description: 'Reproducible randomness: every random choice, random row, random function and wait distribution of the run repeats exactly with the same seed (per instance, from the seed and $n)',
  },
};
