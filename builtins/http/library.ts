// The library of definitions: each a plain JSON file <dataDir>/library/<name>.json, written as sent, so that users
// can keep the folder in git and edit the files by hand; it survives restarts because it is only files. Names are
// file names that need no escaping; a definition is at most max_message_bytes (what ExecuteTest would take) and
// the library holds at most MAX_DEFINITIONS of them.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from './respond.js';

const NAME_RULE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** The most definitions the library holds (a PUT of a new name past it is refused with 507). */
const MAX_DEFINITIONS = 1000;

export interface LibraryEntry {
  name: string;
  /** ISO time of the last change. */
  modified: string;
  bytes: number;
}

/** A name checked against the rule, or 400 naming `what` and the rule. */
export function libraryName(name: unknown, what: string): string {
  if (typeof name !== 'string' || !NAME_RULE.test(name)) {
    throw new HttpError(400, `${what}: a library name is 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit (${NAME_RULE.source}); got ${typeof name === 'string' ? JSON.stringify(name.slice(0, 100)) : typeof name}`);
  }
  return name;
}

export class Library {
  constructor(readonly dir: string) {}

  private file(name: string): string {
    return join(this.dir, `${name}.json`);
  }

  private missing(name: string): HttpError {
    return new HttpError(404, `no definition named '${name}' in the library`);
  }

  async list(): Promise<LibraryEntry[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const out: LibraryEntry[] = [];
    for (const f of names.sort()) {
      const name = f.slice(0, -'.json'.length);
      if (!f.endsWith('.json') || !NAME_RULE.test(name)) continue;
      const info = await stat(join(this.dir, f)).catch(() => undefined);
      if (info?.isFile()) out.push({ name, modified: info.mtime.toISOString(), bytes: info.size });
    }
    return out;
  }

  /** The definition's text as stored. */
  async get(name: string): Promise<string> {
    try {
      return await readFile(this.file(name), 'utf8');
    } catch {
      throw this.missing(name);
    }
  }

  /** Save (create or replace); written to a temporary file first, so a crash never leaves half a definition. */
  async put(name: string, definition: Record<string, unknown>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const exists = await stat(this.file(name)).then(() => true, () => false);
    if (!exists && (await this.list()).length >= MAX_DEFINITIONS) {
      throw new HttpError(507, `the library is full: at most ${MAX_DEFINITIONS} definitions; delete some first`);
    }
    const tmp = join(this.dir, `.${name}.${process.pid}.tmp`);
    await writeFile(tmp, `${JSON.stringify(definition, null, 2)}\n`);
    await rename(tmp, this.file(name));
  }

  async delete(name: string): Promise<void> {
    await rm(this.file(name)).catch(() => {
      throw this.missing(name);
    });
  }

  /** Rename: 404 when the name is missing, 409 when the target exists. */
  async rename(name: string, to: string): Promise<void> {
    if (!(await stat(this.file(name)).then(() => true, () => false))) throw this.missing(name);
    if (await stat(this.file(to)).then(() => true, () => false)) throw new HttpError(409, `to: a definition named '${to}' exists already; delete it or choose another name`);
    await rename(this.file(name), this.file(to));
  }
}
