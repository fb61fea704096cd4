// Where the running code lives: the same modules run from the TypeScript sources (tests, through tsx) and from
// the compiled dist/ (the `tester` command), so paths to the project's files are found, never assumed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** The project folder: the nearest ancestor of this module that holds package.json (above src and dist alike). */
export const projectRoot: string = (() => {
  let dir = dirname(here);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${here}`);
    dir = up;
  }
})();

/** The folder that holds the core, sdk and plugins being run: the project folder, or its dist/. */
export const codeRoot: string = dirname(dirname(here));

/** '.ts' when running from the sources, '.js' when running the build. */
export const moduleExtension: string = extname(here);

/** The service's version: package.json's (the OpenRPC document and the HTTP session name it). */
export const serviceVersion: string = String((JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
