// SIPp's statistics file (`-trace_stat -stf FILE`, one row per `-fd` period plus a final row written as SIPp ends):
// the counters of the final row and SIPp's own elapsed time, read by column name from the header row.
// calls/s is the successful calls over SIPp's elapsed time (the final row's CurrentTime minus StartTime, to the
// microsecond), the same figure as SIPp's own CallRate(C) when no call failed. (Counting the rows instead, as the bench
// once did, takes a run of 8 s for 9 s: the start row and the final partial rows are not seconds.)

export interface SippStat {
  /** Data rows in the file (the header row not counted). */
  rows: number;
  /** SIPp's elapsed time in seconds: the final row's CurrentTime minus StartTime. */
  elapsed_s: number;
  /** OutgoingCall(C) + IncomingCall(C) of the final row: calls SIPp created. */
  calls: number;
  /** SuccessfulCall(C) of the final row. */
  ok: number;
  /** FailedCall(C) of the final row. */
  failed: number;
  /** ok / elapsed_s (0 when nothing elapsed). */
  cps: number;
  /** SIPp's own CallRate(C) of the final row (calls created over its elapsed time), for comparison. */
  sipp_call_rate: number;
}

/** The epoch seconds of a SIPp time field, "2026-11-25<TAB>11:33:16.276876<TAB>1795606396.276876". */
function epoch(field: string, what: string): number {
  const v = Number(field.split('\t').pop());
  if (!Number.isFinite(v) || v <= 0) throw new Error(`SIPp statistics: ${what} is not a time: ${JSON.stringify(field)}`);
  return v;
}

/** Parse the text of a SIPp statistics file; throws an Error naming what is missing on a file that is not one. */
export function parseSippStat(text: string): SippStat {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').split(';');
  if (lines.length < 2) throw new Error(`SIPp statistics: ${lines.length ? 'no data row after the header' : 'empty file'}`);
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`SIPp statistics: no column ${name} in the header`);
    return i;
  };
  const last = lines[lines.length - 1]!.split(';');
  const num = (name: string) => {
    const v = Number(last[col(name)]);
    if (!Number.isFinite(v)) throw new Error(`SIPp statistics: ${name} of the final row is not a number: ${JSON.stringify(last[col(name)])}`);
    return v;
  };
  const elapsed = epoch(last[col('CurrentTime')] ?? '', 'CurrentTime') - epoch(last[col('StartTime')] ?? '', 'StartTime');
  const elapsed_s = Math.round(elapsed * 1e6) / 1e6;
  const ok = num('SuccessfulCall(C)');
  return {
    rows: lines.length - 1,
    elapsed_s,
    calls: num('OutgoingCall(C)') + num('IncomingCall(C)'),
    ok,
    failed: num('FailedCall(C)'),
    cps: elapsed_s > 0 ? Math.round((ok / elapsed_s) * 10) / 10 : 0,
    sipp_call_rate: num('CallRate(C)'),
  };
}
