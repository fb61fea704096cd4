#!/usr/bin/env node
// The `tester` command: runs the compiled JavaScript in dist/ (`npm run build`; `npm ci` builds it through
// `prepare`). No TypeScript loader at run time.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('tester: not built yet (dist/ is missing): run `npm run build` in the project folder (npm ci does it too)\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
