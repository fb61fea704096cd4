// The first instance as a ladder diagram: the HTML report's own ladder (views/ladder.ts, the same HTML string),
// made interactive here: each message is a <details> whose summary opens with a click, Enter or Space, to its
// decoded fields and hex (from the shared view) and, added by the client, the per-field pass/fail of the tests made
// at its operation.
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { ladderHtml, LADDER_CSS } from '../../../views/ladder.js';
import type { LadderRoles } from '../../../views/ladder-roles.js';
import { messageChecks, type FieldCheck } from './message-checks.js';
import { adoptStyles } from './adopt-styles.js';
import type { RunRecord } from '../api/types.js';

type FirstCall = NonNullable<RunRecord['first_call']>;

/** The per-field tests of one message as a table (DOM nodes: they go into the shared view's HTML). */
function checksTable(checks: FieldCheck[]): HTMLElement {
  const box = document.createElement('div');
  box.className = 'msg-checks';
  const title = document.createElement('h4');
  title.textContent = checks.length ? `Tests at this operation (${checks.filter((c) => c.status === 'pass').length} of ${checks.length} passed)` : 'Tests at this operation';
  box.append(title);
  if (!checks.length) {
    const none = document.createElement('p');
    none.textContent = 'No check was made at this message.';
    box.append(none);
    return box;
  }
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const h of ['result', 'field', 'check']) head.append(Object.assign(document.createElement('th'), { textContent: h, scope: 'col' }));
  const body = table.createTBody();
  for (const c of checks) {
    const row = body.insertRow();
    row.className = `check-${c.status}`;
    const status = row.insertCell();
    status.className = c.status === 'pass' ? 'pass' : 'fail';
    status.textContent = c.status === 'pass' ? '✓ pass' : `✗ ${c.status}`;
    row.insertCell().textContent = c.field ?? '';
    row.insertCell().textContent = c.text;
  }
  box.append(table);
  return box;
}

export function Ladder({ firstCall, roles }: { firstCall: FirstCall | undefined; roles: LadderRoles | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const html = useMemo(() => ladderHtml(firstCall, roles), [firstCall, roles]);
  useLayoutEffect(() => adoptStyles('ladder', LADDER_CSS), []);
  // A running run's record is read again every 2 s: the same HTML is left as it is (a message stays open), so its
  // checks are added once, to the messages that do not have them yet.
  useLayoutEffect(() => {
    if (!firstCall || !box.current) return;
    for (const details of box.current.querySelectorAll<HTMLDetailsElement>('details.msg')) {
      const detail = details.querySelector('.detail');
      if (detail && !detail.querySelector('.msg-checks')) detail.append(checksTable(messageChecks(firstCall, Number(details.dataset.index))));
    }
  }, [html, firstCall]);
  return <div class="results-ladder" ref={box} dangerouslySetInnerHTML={{ __html: html }} />;
}
