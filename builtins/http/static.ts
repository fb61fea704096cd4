// The web client's files: what `npm run build` put in dist/web (index.html, app.js, app.css, ...), served as they
// are, read from disk at each request (a rebuilt client is served without a restart). Without a build, GET / says
// how to make one.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { projectRoot } from '../../core/paths.js';
import { HttpError, send } from './respond.js';
import type { ServerResponse } from 'node:http';

/** Where the client's build is. */
const webRoot = join(projectRoot, 'dist', 'web');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>tester: the web client is not built</title></head>
<body><h1>The web client is not built</h1>
<p>This service serves its HTTP API, but there is no client in <code>dist/web</code>. Build it with <code>npm run build</code>
(<code>npm ci</code> does it too) and reload this page.</p></body></html>
`;

/** The file a URL path names under the client's folder, or undefined when it names none (or tries to leave it). */
function fileOf(root: string, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const rel = normalize(path === '/' ? '/index.html' : path).replace(/^[/\\]+/, '');
  if (rel.split(sep).some((part) => part.startsWith('.'))) return undefined;
  return join(root, rel);
}

/** GET of a static path: the file, the not-built page for / when there is no build, else 404. */
export async function serveStatic(res: ServerResponse, pathname: string, root = webRoot): Promise<void> {
  const file = fileOf(root, pathname);
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) {
    if (pathname === '/' || pathname === '/index.html') {
      send(res, 200, TYPES['.html']!, NOT_BUILT, { 'Cache-Control': 'no-store' });
      return;
    }
    throw new HttpError(404, `not found: ${pathname.slice(0, 200)}`);
  }
  send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file), { 'Cache-Control': 'no-cache' });
}
