// bench/sipp-lines.ts: the SIPp section of `npm run bench`, absent with --no-sipp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sippLines } from '../../bench/sipp-lines.js';

test('no SIPp runs (--no-sipp): no SIPp header', () => {
  assert.deepEqual(sippLines([]), []);
});

test('SIPp runs or the reason they were skipped come under the header', () => {
  assert.deepEqual(sippLines([{ skipped: 'sipp not installed' }]), ['sipp (built-in uac/uas, TCP, INVITE..BYE, same machine):', '  sipp not installed']);
  const [head, line] = sippLines([{ target: 1000, cps: 999, ok: 10, calls: 10, failed: 0, cpu_uas_pct: 5, cpu_uac_pct: 6, rss_uas_kb: 2048 }]);
  assert.match(head!, /^sipp/);
  assert.match(line!, /999\/s\s+ok 10\/10\s+failed 0.*rss uas 2 MB/);
});
