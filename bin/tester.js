#!/usr/bin/env -S node --max-semi-space-size=32 --no-concurrent-marking
// The flags: a young generation of 32 MB semi-spaces instead of 16 (docs/performance.md "The fifth round"): at load,
// each scavenge copies the in-flight instances, and half as many scavenges copy them half as often. The old
// generation marked by the main thread in increments, not by helper threads beside it (docs/performance.md "The eighth
// round"): at load, concurrent marking cost ~9% more CPU per instance on 2 cores, for no shorter pause. bench/processes.ts
// starts the service with the same flags, read from the line above; `npm start` and the image's entrypoint pass them too.
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
