// The steps view: the definition's operations as forms, in order, with add (any type, searchable), move up/down,
// duplicate and delete on each. Focus follows a moved step so the keyboard can keep moving it. A long definition
// (up to the service's 10,000 operations) is shown 100 steps at a time.
import { useState } from 'preact/hooks';
import type { Describe } from '../api/types.js';
import { OperationCard, type Operation, type StepAction } from './operation-card.js';

const PAGE = 100;

interface Props {
  describe: Describe;
  operations: Operation[];
  onChange: (operations: Operation[]) => void;
}

function apply(ops: Operation[], i: number, action: StepAction): { ops: Operation[]; focus?: string } {
  const out = [...ops];
  switch (action) {
    case 'up':
      [out[i - 1], out[i]] = [out[i]!, out[i - 1]!];
      return { ops: out, focus: i - 1 === 0 ? `op-${i - 1}-down` : `op-${i - 1}-up` };
    case 'down':
      [out[i + 1], out[i]] = [out[i]!, out[i + 1]!];
      return { ops: out, focus: i + 1 === ops.length - 1 ? `op-${i + 1}-up` : `op-${i + 1}-down` };
    case 'duplicate':
      out.splice(i + 1, 0, structuredClone(ops[i]!));
      return { ops: out, focus: `op-${i + 1}-title` };
    case 'delete':
      out.splice(i, 1);
      return { ops: out, focus: out.length ? `op-${Math.min(i, out.length - 1)}-title` : 'add-type' };
  }
}

export function Steps({ describe, operations, onChange }: Props) {
  const [newType, setNewType] = useState('');
  const [first, setFirst] = useState(0);
  const start = Math.min(first, Math.max(0, Math.floor((operations.length - 1) / PAGE) * PAGE));
  const labels = operations.map((o) => o.label).filter((l): l is string => typeof l === 'string');
  const act = (i: number, action: StepAction) => {
    const { ops, focus } = apply(operations, i, action);
    onChange(ops);
    const target = Number(/op-(\d+)/.exec(focus ?? '')?.[1] ?? start);
    if (target < start || target >= start + PAGE) setFirst(Math.floor(target / PAGE) * PAGE);
    if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
  };
  const add = (e: Event) => {
    e.preventDefault();
    if (!newType.trim()) return;
    onChange([...operations, { type: newType.trim() }]);
    setFirst(Math.floor(operations.length / PAGE) * PAGE);
    setNewType('');
  };
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">Steps</h2>
      <datalist id="op-types">
        {describe.operations.map((op) => (
          <option key={op.type} value={op.type} />
        ))}
      </datalist>
      <datalist id="op-labels">
        {labels.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      {operations.length === 0 ? <p class="muted">No steps yet: add one below, or from the Operations palette.</p> : null}
      <Pager start={start} count={operations.length} onPage={setFirst} />
      <ol class="op-list" start={start + 1}>
        {operations.slice(start, start + PAGE).map((op, k) => {
          const i = start + k;
          return <OperationCard key={i} describe={describe} op={op} index={i} count={operations.length} onChange={(o) => onChange(operations.map((x, j) => (j === i ? o : x)))} onAction={(a) => act(i, a)} />;
        })}
      </ol>
      <form class="row add-step" onSubmit={add}>
        <label for="add-type">Operation type</label>
        <input id="add-type" type="text" list="op-types" value={newType} placeholder="e.g. inap.ssp_to_scp.InitialDP" onInput={(e) => setNewType((e.target as HTMLInputElement).value)} />
        <button type="submit" disabled={!newType.trim()}>
          Add step
        </button>
      </form>
    </section>
  );
}

function Pager({ start, count, onPage }: { start: number; count: number; onPage: (first: number) => void }) {
  if (count <= PAGE) return null;
  return (
    <nav class="row pager" aria-label="Pages of steps">
      <button type="button" disabled={start === 0} onClick={() => onPage(start - PAGE)}>
        Previous {PAGE}
      </button>
      <span>
        Steps {start + 1}–{Math.min(count, start + PAGE)} of {count}
      </span>
      <button type="button" disabled={start + PAGE >= count} onClick={() => onPage(start + PAGE)}>
        Next {PAGE}
      </button>
    </nav>
  );
}
