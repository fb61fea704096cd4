// Long tier: the load-sized examples/logic definitions as written, all at once on one service: none failed or
// aborted, at most a small share dropped.
import { test, before, after } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startTestService, runToCompletion } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import { assertLongOutcome, isLoadSized, totalOf } from '../helpers/examples.js';

const dir = fileURLToPath(new URL('../../examples/logic/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && isLoadSized(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('the load-sized logic examples, as written and concurrently', async () => {
  const recs = await Promise.all(
    files.map(async (f) => {
      const params = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      return [f, params, await runToCompletion(svc.port, { ...params, run_id: `example-long-${f}` }, { timeoutMs: 300_000, pollMs: 500 })] as const;
    }),
  );
  for (const [f, params, rec] of recs) assertLongOutcome(rec, totalOf(params), f);
});
