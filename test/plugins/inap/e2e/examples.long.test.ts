// Long tier: the load-sized examples/inap definitions as written (load.json: 10,000 instances; linear-ramp.json:
// 3,000 at a ramp to 1,000/s) against the reference SCP: none failed or aborted, at most a small share dropped.
import { after, before, describe, test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { assertLongOutcome, isLoadSized, totalOf } from '../../../helpers/examples.js';

const dir = join(import.meta.dirname, '../../../../examples/inap');
const script = JSON.parse(readFileSync(join(dir, 'scp-sim.json'), 'utf8'));
const loadSized = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.startsWith('plugins') && f !== 'scp-sim.json' && !f.startsWith('scp-role'))
  .filter((f) => isLoadSized(JSON.parse(readFileSync(join(dir, f), 'utf8'))));

describe('examples/inap load-sized, as written', () => {
  let st: Stack;
  before(async () => {
    st = await startStack(script);
  });
  after(async () => {
    await st.close();
  });

  for (const f of loadSized) {
    test(f, async () => {
      const def = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      def.run_id = `${f}-long-${Date.now()}`;
      const r = await runToCompletion(st.port, def, { timeoutMs: 300_000, pollMs: 500 });
      assertLongOutcome(r, totalOf(def), f);
    });
  }
});
