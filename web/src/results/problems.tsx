// Why instances of a run did not pass: its first fails and aborts grouped by reason (the report's grouping,
// views/report/verdict.ts), why the run itself was aborted or interrupted, and the plugin hooks that threw.
import { groupProblems } from '../../../views/report/verdict.js';
import type { RunRecord } from '../api/types.js';

export function Problems({ record }: { record: RunRecord }) {
  const groups: Array<[string, string[]]> = [
    ['First fails', groupProblems(record.first_fails ?? [])],
    ['First aborts', groupProblems(record.first_aborts ?? [])],
  ];
  const hooks = record.hook_errors ?? [];
  const any = groups.some(([, g]) => g.length) || record.abort_reason || record.interrupted_reason || hooks.length;
  if (!any) return null;
  return (
    <section class="problems" aria-labelledby="problems-title">
      <h2 id="problems-title">Problems</h2>
      {record.abort_reason && <p class="fail">The run was aborted: {record.abort_reason}</p>}
      {record.interrupted_reason && <p class="warn">The run was interrupted: {record.interrupted_reason}</p>}
      {groups.map(([title, lines]) =>
        lines.length ? (
          <div key={title}>
            <h3>{title}, grouped by reason</h3>
            <ul data-problems={title}>
              {lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
      {hooks.length > 0 && (
        <div>
          <h3>Plugin hooks that threw</h3>
          <ul>
            {hooks.map((h, i) => (
              <li key={i}>
                {h.hook} ({h.tap}): {h.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
