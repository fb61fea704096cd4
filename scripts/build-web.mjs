#!/usr/bin/env node
// Builds the web client (web/, docs/web.md) into dist/web/: one ES module bundle (esbuild), its CSS (ours and
// uPlot's, concatenated) and index.html. Nothing is fetched from the network when the page runs: every library is
// in the bundle. Run by `npm run build` (so by `npm ci`) and by scripts/test.mjs before the tests.
// Usage: node scripts/build-web.mjs [--watch]
import { build, context } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist/web');
const require = createRequire(import.meta.url);

const options = {
  entryPoints: [join(root, 'web/src/main.tsx')],
  outfile: join(out, 'app.js'),
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning',
};

mkdirSync(out, { recursive: true });
copyFileSync(join(root, 'web/index.html'), join(out, 'index.html'));
const css = [readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'), readFileSync(join(root, 'web/app.css'), 'utf8')];
writeFileSync(join(out, 'app.css'), css.join('\n'));
if (process.argv.includes('--watch')) {
  await (await context(options)).watch();
} else {
  await build(options);
}
