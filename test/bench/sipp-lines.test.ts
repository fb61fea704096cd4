// bench/sipp-lines.ts: the text line of one SIPp step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sippLine } from '../../bench/sipp-lines.js';

const step = { target: 1000, secs: 2, calls: 2000, ok: 2000, failed: 0, elapsed_s: 2.02, rate: 990, sipp_call_rate: 990.1, failures: 0, uac_exit: 0, cpu_uas_s: 0.2, cpu_uac_s: 0.1, cpu_uas_pct: 10, cpu_uac_pct: 5, uas_us_per_message: 14.29, uac_us_per_message: 7.14, rss_uas_kb: 2048 };

test('a SIPp step: achieved rate, calls, elapsed time, CPU per message and side', () => {
  assert.match(sippLine(step), /sipp 1000\s+990\/s\s+ok 2000\/2000\s+failed 0\s+in 2.02 s\s+cpu uas 10% uac 5%\s+14.29\/7.14 µs\/msg\s+rss uas 2 MB/);
});

test('a uac that gave up shows its exit code', () => {
  assert.match(sippLine({ ...step, ok: 0, uac_exit: 255, uas_us_per_message: null, uac_us_per_message: null }), /failed 0 \(uac exit 255\).*-\/- µs\/msg/);
});
