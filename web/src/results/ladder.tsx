// An instance as a ladder diagram (the first, or a failure the record keeps in detail): the HTML report's own ladder (views/ladder.ts, the same HTML string),
// made interactive here: each message is a <details> whose summary opens with a click, Enter or Space, to its
// decoded fields and hex (from the shared view) and, added by the client, the per-field pass/fail of the tests made
// at its operation.
import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { ladderDetailHtml, ladderHtml, LADDER_CSS } from '../../../views/ladder.js';
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

/** Fill an opened message's detail (once): its fields and hex from the shared view, then its tests. */
function fillDetail(details: HTMLDetailsElement, firstCall: FirstCall): void {
  const detail = details.querySelector('.detail');
  if (!detail || detail.hasChildNodes()) return;
  const index = Number(details.dataset.index);
  detail.outerHTML = ladderDetailHtml(firstCall, index);
  details.querySelector('.detail')?.append(checksTable(messageChecks(firstCall, index)));
}

/** `who` names the instance (its checks' heading), `markerId` its arrowhead's id: unique when a page shows several ladders. */
export function Ladder({ firstCall, roles, who, markerId }: { firstCall: FirstCall | undefined; roles: LadderRoles | undefined; who?: string; markerId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The details are filled when a message opens: a 200-message ladder draws without 200 field dumps and hex dumps.
  const html = useMemo(() => ladderHtml(firstCall, roles, true, { who, markerId }), [firstCall, roles, who, markerId]);
  // A running run's record is read again every 2 s: the same HTML is left as it is (an open message stays open), and
  // a message opened later shows the tests of the latest record.
  const latest = useRef(firstCall);
  latest.current = firstCall;
  useLayoutEffect(() => adoptStyles('ladder', LADDER_CSS), []);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // A click on a message's summary (Enter and Space click it too) fills its detail before it opens, so that it
    // opens with its content; 'toggle' (which does not bubble: the capture phase) covers any other way of opening.
    const fill = (target: EventTarget | null) => {
      const details = target instanceof Element ? target.closest('details.msg') : null;
      if (details instanceof HTMLDetailsElement && latest.current) fillDetail(details, latest.current);
    };
    const onClick = (e: Event) => {
      if (e.target instanceof Element && e.target.closest('summary')) fill(e.target);
    };
    const onToggle = (e: Event) => fill(e.target);
    el.addEventListener('click', onClick, true);
    el.addEventListener('toggle', onToggle, true);
    return () => {
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('toggle', onToggle, true);
    };
  }, []);
  return <div class="results-ladder" ref={box} dangerouslySetInnerHTML={{ __html: html }} />;
}
