// The operation palette (#/operations): every type DescribeOperations lists, searchable by name, family, direction
// and role, each opening to its arguments; "Add to definition" appends it to the draft the editor shows.
import { useMemo, useState } from 'preact/hooks';
import type { OperationType } from '../api/types.js';
import { href } from '../app/route.js';
import { ArgumentsTable } from '../palette/arguments-table.js';
import { facetsOf, matches, valuesOf, type Query } from '../palette/search.js';
import { useDescribe } from '../state/describe.js';
import { appendOperation, getDraft } from '../state/draft.js';
import { Alert } from '../app/alert.js';

export function PaletteView() {
  const { describe, error } = useDescribe();
  const [q, setQ] = useState<Query>({ text: '', family: '', direction: '', role: '' });
  const [added, setAdded] = useState<string>();
  const ops = describe?.operations ?? [];
  const shown = useMemo(() => ops.filter((op) => matches(op, q)), [ops, q]);
  const facets = useMemo(
    () => ({ family: valuesOf(ops, (o) => facetsOf(o).family), direction: valuesOf(ops, (o) => o.direction), role: valuesOf(ops, (o) => facetsOf(o).role) }),
    [ops],
  );
  const add = (op: OperationType) => {
    appendOperation(op.type);
    setAdded(`${op.type} added as step ${getDraft().definition.operations?.length ?? 0} of the definition.`);
  };
  return (
    <section>
      <h1>Operations</h1>
      <Alert text={error} />
      <form class="row palette-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label for="op-search">Search</label>
        <input id="op-search" type="search" value={q.text} placeholder="name, word of the description" onInput={(e) => setQ({ ...q, text: (e.target as HTMLInputElement).value })} />
        {(['family', 'direction', 'role'] as const).map((k) => (
          <span key={k} class="row">
            <label for={`op-${k}`}>{k[0]!.toUpperCase() + k.slice(1)}</label>
            <select id={`op-${k}`} value={q[k]} onChange={(e) => setQ({ ...q, [k]: (e.target as HTMLSelectElement).value })}>
              <option value="">any</option>
              {facets[k].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </span>
        ))}
      </form>
      <p class="muted" role="status">
        {describe ? `${shown.length} of ${ops.length} operation types` : 'Loading…'}
        {added ? (
          <>
            {' '}
            — {added} <a href={href('editor')}>Open the editor</a>
          </>
        ) : null}
      </p>
      <ul class="palette">
        {shown.map((op) => (
          <li key={op.type} class="palette-item">
            <details>
              <summary>
                <span class="mono">{op.type}</span> <span class={`direction direction-${op.direction}`}>{op.direction}</span>
                {op.gateway ? <span class="muted"> on {op.gateway}</span> : null} <span class="muted">— {op.description}</span>
              </summary>
              <p class="muted">
                Plugin {op.plugin}
                {op.aliases?.length ? `; aliases ${op.aliases.join(', ')}` : ''}
                {op.labelled_form ? `; labelled form ${op.labelled_form}` : ''}
                {op.source ? `; defined in ${op.source}` : ''}
              </p>
              <ArgumentsTable op={op} />
            </details>
            <button type="button" aria-label={`Add to definition: ${op.type}`} onClick={() => add(op)}>
              Add to definition
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
