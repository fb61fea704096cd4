// uPlot's code and CSS for the HTML report, which inlines them (a report file needs no network). The one file of
// views/ that reads files: only the report page imports it, never the web client (which bundles uPlot itself).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let uplot: { js: string; css: string } | undefined;

/** uPlot's code and CSS, read once from the installed package. */
export function uplotAssets(): { js: string; css: string } {
  uplot ??= {
    js: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    css: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  };
  return uplot;
}
