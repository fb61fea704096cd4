// bench/sipp-stat.ts: SIPp's calls/s from its own elapsed time, on statistics files recorded from sipp 3.6.1 here
// (built-in uac against the built-in uas over TCP on loopback: `sipp -sn uac ... -r 5000 -m 20000 -trace_stat -fd 1`;
// and the uac alone, with no uas to connect to).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSippStat } from '../../bench/sipp-stat.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/bench', name), 'utf8');

test('5,000 calls/s for 4 s: calls/s over SIPp elapsed time, not over the number of rows', () => {
  const s = parseSippStat(fixture('sipp-uac-tcp-5000x4s.csv'));
  assert.equal(s.rows, 7);
  assert.equal(s.calls, 20_000);
  assert.equal(s.ok, 20_000);
  assert.equal(s.failed, 0);
  // final row CurrentTime 1795606400.535278 - StartTime 1795606396.276876
  assert.equal(s.elapsed_s, 4.258402);
  assert.equal(s.cps, Math.round((20_000 / 4.258402) * 10) / 10);
  // the figure SIPp prints itself, all calls having succeeded
  assert.ok(Math.abs(s.cps - s.sipp_call_rate) < 1, `${s.cps} vs SIPp's ${s.sipp_call_rate}`);
  // the old way (calls / rows with outgoing calls = 5 "seconds") said 4,000/s
  assert.ok(s.cps > 4_600);
});

test('no uas to connect to: no call, no rate', () => {
  const s = parseSippStat(fixture('sipp-uac-tcp-no-uas.csv'));
  assert.equal(s.calls, 0);
  assert.equal(s.ok, 0);
  assert.equal(s.cps, 0);
});

test('a file that is not SIPp statistics: an error naming what is missing', () => {
  assert.throws(() => parseSippStat(''), /empty file/);
  assert.throws(() => parseSippStat('StartTime;CurrentTime\n'), /no data row/);
  const header = fixture('sipp-uac-tcp-5000x4s.csv').split('\n')[0]!;
  assert.throws(() => parseSippStat('StartTime;CurrentTime\n1;2\n'), /no column SuccessfulCall\(C\)/);
  assert.throws(() => parseSippStat(`${header}\n${header.replace(/[^;]/g, '')}\n`), /StartTime is not a time|CurrentTime is not a time/);
});
