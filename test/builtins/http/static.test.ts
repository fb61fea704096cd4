// builtins/http/static.ts: the client's files from its build folder with their types; nothing outside it, no dot
// files; without a build, GET / is a page that says how to build the client.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from '../../../builtins/http/static.js';
import { HttpError, sendError } from '../../../builtins/http/respond.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-http-static-'));
const web = join(dir, 'web');
let server: http.Server;
let base: string;
let root = web;
before(async () => {
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>client</title>');
  writeFileSync(join(web, 'app.js'), 'console.log(1)');
  writeFileSync(join(web, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(web, '.secret'), 'no');
  writeFileSync(join(dir, 'outside.txt'), 'no');
  server = http.createServer((req, res) => {
    serveStatic(res, new URL(req.url!, 'http://x').pathname, root).catch((e: HttpError) => sendError(res, e));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(dir, { recursive: true, force: true });
});

test('the build\'s files with their types; / is index.html', async () => {
  for (const [path, type, body] of [['/', 'text/html', '<!doctype html><title>client</title>'], ['/app.js', 'text/javascript', 'console.log(1)'], ['/assets/app.css', 'text/css', 'body{}']]) {
    const r = await fetch(`${base}${path}`);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get('content-type') ?? '', new RegExp(`^${type}`));
    assert.equal(await r.text(), body);
  }
});

test('nothing outside the folder, no dot file, no missing file: 404', async () => {
  // raw paths: fetch would normalise the ../ away before sending
  const get = (path: string) =>
    new Promise<number>((ok, fail) => {
      http.get(`${base}${path}`, (res) => (res.resume(), ok(res.statusCode!))).on('error', fail);
    });
  for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt', '/.secret', '/nope.js', '/%E0%A4%A', '/a%00b']) assert.equal(await get(path), 404, path);
});

test('without a build: GET / says the client is not built and how to build it', async () => {
  root = join(dir, 'no-such-build');
  const r = await fetch(`${base}/`);
  assert.equal(r.status, 200);
  const page = await r.text();
  assert.match(page, /The web client is not built/);
  assert.match(page, /npm run build/);
  assert.doesNotMatch(page, /<script|<style|style=/, 'nothing the CSP would refuse');
  assert.equal((await fetch(`${base}/app.js`)).status, 404);
  root = web;
});
