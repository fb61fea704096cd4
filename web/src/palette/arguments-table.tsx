// An operation type's arguments as the palette shows them: name, type, whether required, the enumeration's named
// choices, and the description.
import type { JsonSchema, OperationType } from '../api/types.js';
import { choicesOf, typeLabel } from '../editor/field-kind.js';
import { ColumnHeads } from '../app/column-heads.js';

export function ArgumentsTable({ op }: { op: OperationType }) {
  const props = Object.entries(op.arguments.properties ?? {});
  const required = new Set(op.arguments.required ?? []);
  const control = new Set(op.control_arguments ?? []);
  if (!props.length) return <p class="muted">No arguments.</p>;
  return (
    <table class="args">
      <caption class="sr-only">Arguments of {op.type}</caption>
      <ColumnHeads names={['Argument', 'Type', 'Required', 'Choices', 'Description']} />
      <tbody>
        {props.map(([name, s]) => (
          <tr key={name}>
            <td class="mono">{name}</td>
            <td>{typeLabel(s)}</td>
            <td>{required.has(name) ? 'required' : ''}</td>
            <td>{choices(s)}</td>
            <td>
              {s.description ?? ''}
              {control.has(name) ? <span class="muted"> (control: not a message field)</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function choices(s: JsonSchema): string {
  const c = choicesOf(s) ?? (s.anyOf ?? s.oneOf ?? []).flatMap((a) => choicesOf(a) ?? []);
  return c.map((x) => x.label).join(', ');
}
