// Why instances of a run did not pass: its first fails and aborts grouped by reason (the report's grouping,
// views/report/verdict.ts), each instance kept in detail a link that opens its ladder (failures.tsx), why the run
// itself was aborted or interrupted, and the plugin hooks that threw.
import type { ComponentChildren } from 'preact';
import { problemGroups, type ProblemGroup } from '../../../views/report/verdict.js';
import type { RunRecord } from '../api/types.js';

/** Open a failure's details in the list of failures and bring it into view. */
function openFailure(n: number): void {
  const d = document.querySelector<HTMLDetailsElement>(`.failures details.failure[data-instance="${n}"]`);
  if (!d) return;
  d.open = true;
  d.scrollIntoView({ block: 'start' });
  d.querySelector('summary')?.focus();
}

/** A reason's line, as the report writes it, its instances kept in detail as links to their ladders. */
function line(g: ProblemGroup, detailed: ReadonlySet<number>): ComponentChildren {
  const inst = (n: number) =>
    detailed.has(n) ? (
      <a key={n} href="#" data-failure={n} onClick={(e) => (e.preventDefault(), openFailure(n))}>
        {n}
      </a>
    ) : (
      String(n)
    );
  if (g.idx.length === 1) return <>instance {inst(g.idx[0]!)} op {g.op}: {g.text}</>;
  const list = g.idx.flatMap((n, i) => (i ? [', ', inst(n)] : [inst(n)]));
  return <>{g.idx.length}× op {g.op}: {g.text} (instances {list})</>;
}

export function Problems({ record }: { record: RunRecord }) {
  const groups: Array<[string, ProblemGroup[]]> = [
    ['First fails', problemGroups(record.first_fails ?? [])],
    ['First aborts', problemGroups(record.first_aborts ?? [])],
  ];
  const detailed = new Set((record.failures ?? []).map((f) => f.instance));
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
              {lines.map((g) => (
                <li key={`${g.op} ${g.text}`}>{line(g, detailed)}</li>
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
