// The first instance's trace lines (trace_log: what each operation did, trace_level 1 and more), with their time
// since the instance started, the operation and the path (trace.debug, trace.spam, a plugin's log path).
import { num, secs } from '../../../views/format.js';
import type { RunRecord } from '../api/types.js';
import { ColumnHeads } from '../app/column-heads.js';

type FirstCall = NonNullable<RunRecord['first_call']>;

export function Trace({ firstCall }: { firstCall: FirstCall | undefined }) {
  const lines = firstCall?.trace_log ?? [];
  const t0 = secs(firstCall?.time_start);
  const left = firstCall?.truncated?.trace_log;
  return (
    <section aria-labelledby="trace-title">
      <h2 id="trace-title">Trace of the first instance</h2>
      {lines.length === 0 ? (
        <p class="muted">No trace lines (trace_level 1 or more records them).</p>
      ) : (
        <div class="scroll-box" tabIndex={0} role="group" aria-label="trace lines, scrollable">
          <table class="trace">
            <ColumnHeads names={['ms', 'op', 'path', 'line']} />
            <tbody>
              {lines.map((l, i) => (
                <tr key={i}>
                  <td class="num">{Number.isFinite(t0) ? ((secs(l.time) - t0) * 1000).toFixed(1) : ''}</td>
                  <td class="num">{l.op_idx}</td>
                  <td>{l.path}</td>
                  <td class="mono">{l.msg}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {left ? <p class="muted">{num(left)} more lines were not recorded (the record's bound).</p> : null}
    </section>
  );
}
