// Conformance packs (`packs/<id>/pack.json` and its Test Definitions): read and checked for `tester pack`. A pack is
// data only: an index naming its procedures (file, clause, CAP versions) and the definitions `tester run` takes.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { DefinitionFile } from './definition-file.js';
import { UsageError } from './usage-error.js';

export interface PackProcedure {
  id: string;
  file: string;
  title: string;
  clause: string;
  /** CAP versions the procedure runs in (keys of the pack's `cap`). */
  cap: string[];
}

export interface Pack {
  id: string;
  title: string;
  dir: string;
  /** CAP version → the application context alias the SSP's Begin carries (ssp_ac). */
  cap: Record<string, string>;
  /** Defaults of the definitions' vars (service keys the SCP must be provisioned with). */
  vars: Record<string, unknown>;
  procedures: PackProcedure[];
}

/** The folder packs are shipped in. */
const packsDir = join(projectRoot, 'packs');

/** The ids of the shipped packs. */
export function packIds(): string[] {
  if (!existsSync(packsDir)) return [];
  return readdirSync(packsDir).filter((n) => existsSync(join(packsDir, n, 'pack.json'))).sort();
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A pack by id (a folder of `packs/`) or by the path of a folder holding pack.json. */
export function readPack(idOrDir: string): Pack {
  const dir = /[/\\]/.test(idOrDir) ? resolve(idOrDir) : join(packsDir, idOrDir);
  const index = join(dir, 'pack.json');
  if (!existsSync(index)) throw new UsageError(`no pack '${idOrDir}' (packs: ${packIds().join(', ') || 'none'}; or give the path of a folder with a pack.json)`);
  const raw = DefinitionFile.read(index).value;
  const where = (what: string) => `${index}: ${what}`;
  if (typeof raw.id !== 'string' || typeof raw.title !== 'string') throw new UsageError(where('expected "id" and "title" strings'));
  if (!isObject(raw.cap) || !Object.values(raw.cap).every((v) => typeof v === 'string')) throw new UsageError(where('"cap": expected an object of version → application context'));
  if (!Array.isArray(raw.procedures) || raw.procedures.length === 0) throw new UsageError(where('"procedures": expected a non-empty array'));
  const cap = raw.cap as Record<string, string>;
  const procedures = raw.procedures.map((p: unknown, i: number): PackProcedure => {
    if (!isObject(p) || typeof p.id !== 'string' || typeof p.file !== 'string' || typeof p.clause !== 'string') throw new UsageError(where(`procedures[${i}]: expected id, file and clause strings`));
    const versions = Array.isArray(p.cap) ? p.cap.map(String) : Object.keys(cap);
    const unknown = versions.filter((v) => !(v in cap));
    if (unknown.length) throw new UsageError(where(`procedures[${i}].cap: ${unknown.join(', ')} not in "cap" (${Object.keys(cap).join(', ')})`));
    return { id: p.id, file: p.file, title: typeof p.title === 'string' ? p.title : p.id, clause: p.clause, cap: versions };
  });
  return { id: raw.id, title: raw.title, dir, cap, vars: isObject(raw.vars) ? raw.vars : {}, procedures };
}

/** A procedure's definition, as `tester run` reads it. */
export function procedureDefinition(pack: Pack, p: PackProcedure): Record<string, unknown> {
  return DefinitionFile.read(join(pack.dir, p.file)).value;
}
