// A child of the bench inside a private network namespace (bench/paths/run.ts measureInNetns): measures one `netns`
// path with the same runner and writes its result as JSON. Arguments: ID OUT-FILE SECS MAX-TOTAL BACKLOGS (a,b,...).
import { writeFileSync } from 'node:fs';
import { stopAll, stopOnInterrupt } from '../processes.js';
import { PATHS } from './index.js';
import { measurePath } from './run.js';

stopOnInterrupt(); // Ctrl-C, kill or a closed pipe stop what the bench started (bench/processes.ts)

const [id, out, secs, maxTotal, backlogs] = process.argv.slice(2);
const path = PATHS.find((p) => p.id === id);
let code = 0;
try {
  if (!path || !out) throw new Error(`netns-child: no path ${id}`);
  const r = await measurePath(path, { secs: Number(secs), maxTotal: Number(maxTotal), backlogs: backlogs!.split(',').map(Number), log: (l) => process.stdout.write(l + '\n') });
  writeFileSync(out, JSON.stringify(r));
} catch (e) {
  process.stderr.write(`${(e as Error).message}\n`);
  code = 1;
} finally {
  await stopAll();
}
process.exit(code);
