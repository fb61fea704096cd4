// Library flows (`include`): files of flows in the service's data directory, `<data-dir>/flows/<name>.json`, each
// `{"flows": {name: ...}}` as a definition's `flows`. Only names are given, never paths: a definition reads nothing
// outside that folder. Read at ExecuteTest (compile), once per run.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../api/index.js';
import { invalid } from '../errors.js';
import { MAX_FLOWS } from './flows.js';

/** The largest library file read (docs/limits.md). */
const MAX_LIBRARY_BYTES = 1024 * 1024;

/** The definition's flows with those of its included libraries; a name defined twice is a 2002. */
export function withLibraries(params: JsonObject, dir: string | undefined): JsonObject | undefined {
  const own = params.flows as JsonObject | undefined;
  const include = params.include as string[] | undefined;
  if (!include?.length) return own;
  if (dir === undefined) throw invalid('include', 'library flows are read from the service\'s data directory (<data-dir>/flows/); this check has none');
  const all: JsonObject = { ...own };
  const from = new Map<string, string>();
  include.forEach((name, i) => {
    const path = `include[${i}]`;
    for (const [k, v] of Object.entries(readLibrary(dir, name, path))) {
      if (k in all) throw invalid(path, `flow '${k}' of library '${name}' is already defined ${from.has(k) ? `by library '${from.get(k)}'` : 'in the definition\'s flows'}`);
      all[k] = v;
      from.set(k, name);
    }
  });
  if (Object.keys(all).length > MAX_FLOWS) throw invalid('include', `more than ${MAX_FLOWS} flows with the libraries`);
  return all;
}

function readLibrary(dir: string, name: string, path: string): JsonObject {
  const file = join(dir, `${name}.json`);
  let text: string;
  try {
    if (statSync(file).size > MAX_LIBRARY_BYTES) throw invalid(path, `library '${name}' is larger than ${MAX_LIBRARY_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') throw invalid(path, `no library flows '${name}' (${name}.json in the data directory's flows/)`);
    throw e instanceof Error && 'code' in e ? invalid(path, `cannot read library '${name}': ${e.message}`) : e;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw invalid(path, `library '${name}' is not JSON: ${(e as Error).message}`);
  }
  const flows = (doc as { flows?: unknown } | null)?.flows;
  if (!flows || typeof flows !== 'object' || Array.isArray(flows)) throw invalid(path, `library '${name}' has no "flows" object`);
  return flows as JsonObject;
}
