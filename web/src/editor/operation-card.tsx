// One step of the definition in the steps view: its type, label and description, its arguments as a form generated
// from the type's schema, its tests[], and the buttons that move, duplicate and delete it.
import type { Describe, JsonSchema } from '../api/types.js';
import { resolveType } from '../state/resolve-type.js';
import { fieldKind } from './field-kind.js';
import { TextField } from './fields.js';
import { ObjectFields, SchemaField } from './object-fields.js';
import { receiveForm } from './validate.js';

export type Operation = Record<string, unknown> & { type?: string; arguments?: Record<string, unknown> };

export type StepAction = 'up' | 'down' | 'duplicate' | 'delete';

interface Props {
  describe: Describe;
  op: Operation;
  index: number;
  count: number;
  onChange: (op: Operation) => void;
  onAction: (action: StepAction) => void;
}

const BRANCH_TARGETS = { on_true: 'op-labels', on_false: 'op-labels' };

function opField(op: Operation, k: string, v: unknown): Operation {
  const out = { ...op };
  if (v === undefined || v === '') delete out[k];
  else out[k] = v;
  return out;
}

export function OperationCard({ describe, op, index, count, onChange, onAction }: Props) {
  const type = typeof op.type === 'string' ? op.type : '';
  const known = resolveType(describe, type);
  const item = describe.params_schema.properties?.operations?.items as JsonSchema;
  const own = item.properties ?? {};
  const path = ['operations', index] as const;
  const n = index + 1;
  return (
    <li class="op-card" data-index={index} aria-labelledby={`op-${index}-title`}>
      <div class="op-head">
        <h3 id={`op-${index}-title`} tabIndex={-1}>
          Step {n}: <span class="mono">{type || '(no type)'}</span>
          {known ? <span class={`direction direction-${known.direction}`}>{known.direction}</span> : null}
        </h3>
        <div class="row op-buttons">
          <button type="button" id={`op-${index}-up`} class="small" aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => onAction('up')}>
            Move up
          </button>
          <button type="button" id={`op-${index}-down`} class="small" aria-label={`Move step ${n} down`} disabled={index === count - 1} onClick={() => onAction('down')}>
            Move down
          </button>
          <button type="button" class="small" aria-label={`Duplicate step ${n}`} onClick={() => onAction('duplicate')}>
            Duplicate
          </button>
          <button type="button" class="small danger" aria-label={`Delete step ${n}`} onClick={() => onAction('delete')}>
            Delete
          </button>
        </div>
      </div>
      {known ? <p class="muted op-desc">{known.description}</p> : null}
      <div class="op-own">
        <TextField name="type" schema={own.type ?? {}} value={op.type} path={[...path, 'type']} required list="op-types" onChange={(v) => onChange(opField(op, 'type', v))} />
        <TextField name="label" schema={own.label ?? {}} value={op.label} path={[...path, 'label']} onChange={(v) => onChange(opField(op, 'label', v))} />
        <TextField name="description" schema={own.description ?? {}} value={op.description} path={[...path, 'description']} onChange={(v) => onChange(opField(op, 'description', v))} />
      </div>
      {known ? <Arguments schema={receiveForm(known)} op={op} index={index} onChange={onChange} /> : null}
      <SchemaField name="tests" schema={own.tests ?? {}} value={op.tests} path={[...path, 'tests']} onChange={(v) => onChange(opField(op, 'tests', v))} />
    </li>
  );
}

function Arguments({ schema, op, index, onChange }: { schema: JsonSchema; op: Operation; index: number; onChange: (op: Operation) => void }) {
  const path = ['operations', index, 'arguments'];
  const value = (op.arguments ?? {}) as Record<string, unknown>;
  const set = (args: Record<string, unknown>) => onChange(opField(op, 'arguments', Object.keys(args).length ? args : undefined));
  if (fieldKind(schema) !== 'object' && !schema.properties) {
    return <SchemaField name="arguments" schema={{ ...schema, type: 'object' }} value={op.arguments} path={path} onChange={(v) => onChange(opField(op, 'arguments', v))} />;
  }
  return (
    <fieldset class="nested arguments" data-path={`operations[${index}].arguments`}>
      <legend>arguments</legend>
      {Object.keys(schema.properties ?? {}).length === 0 ? <p class="muted">This type takes no arguments.</p> : null}
      <ObjectFields schema={schema} value={value} path={path} onChange={set} lists={BRANCH_TARGETS} />
    </fieldset>
  );
}
