// The data directory's data set files over HTTP (docs/web.md "Data files"): list, upload, delete. A name is one
// plain file name ending .csv or .json; an upload is streamed to a temporary file of the folder (never held in
// memory), within the data file bound, and renamed over the old file once complete, so a run never reads half a file.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { dataFolder, MAX_DATA_FILE_BYTES } from '../../core/engine/data-files.js';
import { HttpError } from './respond.js';

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\.(csv|json)$/;

/** The name of a data file in a path, or 400. */
export function dataFileName(name: string | undefined): string {
  if (!name || !NAME.test(name)) throw new HttpError(400, `'${String(name).slice(0, 200)}' is not a data file name: letters, digits, '_', '-', '.', ending .csv or .json`);
  return name;
}

export class DataFiles {
  readonly folder: string;
  constructor(dataDir: string) {
    this.folder = dataFolder(dataDir);
  }

  async list(): Promise<Array<{ name: string; bytes: number; modified: string }>> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const out = [];
    for (const name of names.filter((n) => NAME.test(n)).sort()) {
      const st = await stat(join(this.folder, name));
      if (st.isFile()) out.push({ name, bytes: st.size, modified: st.mtime.toISOString() });
    }
    return out;
  }

  /** The request body into the file, within MAX_DATA_FILE_BYTES (413 past it, the old file kept). */
  async put(name: string, req: IncomingMessage): Promise<number> {
    const tooLarge = () => new HttpError(413, `data file too large: at most ${MAX_DATA_FILE_BYTES} bytes (docs/limits.md)`, undefined, { Connection: 'close' });
    if (Number(req.headers['content-length']) > MAX_DATA_FILE_BYTES) throw tooLarge();
    await mkdir(this.folder, { recursive: true });
    const tmp = join(this.folder, `.upload-${randomBytes(6).toString('hex')}`);
    let size = 0;
    const bound = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(size > MAX_DATA_FILE_BYTES ? tooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(req, bound, createWriteStream(tmp, { flags: 'wx' }));
      await rename(tmp, join(this.folder, name));
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return size;
  }

  async delete(name: string): Promise<void> {
    try {
      await rm(join(this.folder, name));
    } catch {
      throw new HttpError(404, `no data file '${name}'`);
    }
  }
}
