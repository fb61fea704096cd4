// The steps view: the definition's operations as forms, in order, with add (any type, searchable), move up/down,
// duplicate and delete on each. Focus follows a moved step so the keyboard can keep moving it.
import { useState } from 'preact/hooks';
import type { Describe } from '../api/types.js';
import { OperationCard, type Operation, type StepAction } from './operation-card.js';

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
  const labels = operations.map((o) => o.label).filter((l): l is string => typeof l === 'string');
  const act = (i: number, action: StepAction) => {
    const { ops, focus } = apply(operations, i, action);
    onChange(ops);
    if (focus) requestAnimationFrame(() => document.getElementById(focus)?.focus());
  };
  const add = (e: Event) => {
    e.preventDefault();
    if (!newType.trim()) return;
    onChange([...operations, { type: newType.trim() }]);
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
      <ol class="op-list">
        {operations.map((op, i) => (
          <OperationCard key={i} describe={describe} op={op} index={i} count={operations.length} onChange={(o) => onChange(operations.map((x, j) => (j === i ? o : x)))} onAction={(a) => act(i, a)} />
        ))}
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
