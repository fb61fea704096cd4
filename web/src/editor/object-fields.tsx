// Nested values in the steps view's forms: an object's fields (the required and the set ones shown, the others
// offered by an "Add field" choice: an InitialDP has a hundred), lists with add/remove, and JSON text for values a
// form cannot show well. SchemaField picks the control a schema calls for.
import { useContext, useEffect, useState } from 'preact/hooks';
import type { JsonSchema } from '../api/types.js';
import { fieldKind, unwrapNullable } from './field-kind.js';
import { ChoiceField, controlProps, FieldFrame, fieldId, ProblemsAt, TextField, type FieldProps } from './fields.js';
import { pathText, type Segment } from './paths.js';

type Obj = Record<string, unknown>;

export function SchemaField(props: FieldProps) {
  switch (fieldKind(unwrapNullable(props.schema).schema)) {
    case 'choice':
    case 'boolean':
      return <ChoiceField {...props} />;
    case 'object':
      return (
        <fieldset class="nested" data-path={pathText(props.path)}>
          <legend class={props.required ? 'required' : undefined}>{props.name}</legend>
          <ObjectFields schema={props.schema} value={(props.value ?? {}) as Obj} path={props.path} onChange={(v) => props.onChange(Object.keys(v).length ? v : undefined)} />
        </fieldset>
      );
    case 'list':
      return <ListField {...props} />;
    case 'json':
      return <JsonField {...props} />;
    default:
      return <TextField {...props} />;
  }
}

interface ObjectProps {
  schema: JsonSchema;
  value: Obj;
  path: readonly Segment[];
  onChange: (value: Obj) => void;
  /** Show every declared field, not only the required and set ones. */
  all?: boolean;
  /** Datalist ids for fields by name (branch targets: the labels). */
  lists?: Record<string, string>;
}

/** The value a field added by "Add field" starts with. */
function emptyOf(s: JsonSchema): unknown {
  const kind = fieldKind(unwrapNullable(s).schema);
  return kind === 'object' ? {} : kind === 'list' ? [] : '';
}

const set = (o: Obj, k: string, v: unknown): Obj => {
  const out = { ...o };
  if (v === undefined) delete out[k];
  else out[k] = v;
  return out;
};

/** The fields of an object: declared ones in the schema's order, then unknown ones (so their problem shows). */
export function ObjectFields({ schema, value, path, onChange, all, lists }: ObjectProps) {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const declared = Object.keys(props);
  const few = all || declared.length <= 8;
  const shown = declared.filter((k) => few || required.has(k) || value[k] !== undefined);
  const unknown = Object.keys(value).filter((k) => !(k in props));
  const addable = declared.filter((k) => !shown.includes(k));
  return (
    <div class="object-fields">
      {shown.map((k) => (
        <div class="field-row" key={k}>
          <SchemaField name={k} schema={props[k]!} value={value[k]} path={[...path, k]} required={required.has(k)} list={lists?.[k]} onChange={(v) => onChange(set(value, k, v))} />
          {!few && !required.has(k) ? <RemoveButton name={k} onClick={() => onChange(set(value, k, undefined))} /> : null}
        </div>
      ))}
      {unknown.map((k) => (
        <div class="field-row" key={k}>
          <TextField name={k} schema={{ description: 'Not a field of this schema' }} value={value[k]} path={[...path, k]} onChange={(v) => onChange(set(value, k, v))} />
          <RemoveButton name={k} onClick={() => onChange(set(value, k, undefined))} />
        </div>
      ))}
      {addable.length ? <AddField path={path} names={addable} schema={schema} onAdd={(k) => onChange(set(value, k, props[k]?.default ?? emptyOf(props[k]!)))} /> : null}
    </div>
  );
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button type="button" class="small" aria-label={`Remove ${name}`} onClick={onClick}>
      Remove
    </button>
  );
}

function AddField({ path, names, schema, onAdd }: { path: readonly Segment[]; names: string[]; schema: JsonSchema; onAdd: (name: string) => void }) {
  const [pick, setPick] = useState(names[0]!);
  const id = `${fieldId(path)}-add`;
  useEffect(() => {
    if (!names.includes(pick)) setPick(names[0]!);
  }, [names.join()]);
  return (
    <div class="add-field row">
      <label for={id}>Add field</label>
      <select id={id} value={pick} onChange={(e) => setPick((e.target as HTMLSelectElement).value)}>
        {names.map((n) => (
          <option key={n} value={n} title={schema.properties?.[n]?.description}>
            {n}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => onAdd(pick)}>
        Add
      </button>
    </div>
  );
}

/** A list: each item a form (objects) or an input (strings, numbers), with add and remove. */
function ListField(props: FieldProps) {
  const items = Array.isArray(props.value) ? props.value : [];
  const itemSchema = (props.schema.items ?? {}) as JsonSchema;
  const change = (next: unknown[]) => props.onChange(next.length ? next : undefined);
  const isObject = Boolean(itemSchema.properties);
  return (
    <fieldset class="nested list" data-path={pathText(props.path)}>
      <legend class={props.required ? 'required' : undefined}>{props.name}</legend>
      {props.schema.description ? <p class="field-desc muted">{props.schema.description}</p> : null}
      {items.map((item, i) => (
        <div class="list-item" key={i}>
          {isObject ? (
            <ObjectFields schema={itemSchema} value={(item ?? {}) as Obj} path={[...props.path, i]} all onChange={(v) => change(items.map((x, j) => (j === i ? v : x)))} />
          ) : (
            <SchemaField name={`${props.name} ${i + 1}`} schema={itemSchema} value={item} path={[...props.path, i]} onChange={(v) => change(items.map((x, j) => (j === i ? (v ?? '') : x)))} />
          )}
          <button type="button" class="small" aria-label={`Remove ${props.name} ${i + 1}`} onClick={() => change(items.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => change([...items, isObject ? {} : ''])}>
        Add {props.name === 'tests' ? 'test' : `to ${props.name}`}
      </button>
    </fieldset>
  );
}

/** JSON text for a value a form cannot show well (free objects, mixed alternatives); kept while it does not parse. */
function JsonField(props: FieldProps) {
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value));
  const [error, setError] = useState<string>();
  useEffect(() => {
    let same = false;
    try {
      same = JSON.stringify(text.trim() ? JSON.parse(text) : undefined) === JSON.stringify(props.value);
    } catch {
      same = false;
    }
    if (!same && !error) setText(props.value === undefined ? '' : JSON.stringify(props.value));
  }, [props.value]);
  const invalid = Boolean(error) || (useContext(ProblemsAt).get(pathText(props.path)) ?? []).length > 0;
  return (
    <FieldFrame {...props} extra={error ? <span class="field-error">JSON: {error}</span> : null}>
      <textarea
        {...controlProps(props.path, props.schema, invalid)}
        rows={2}
        class="mono"
        value={text}
        onInput={(e) => {
          const t = (e.target as HTMLTextAreaElement).value;
          setText(t);
          try {
            props.onChange(t.trim() ? JSON.parse(t) : undefined);
            setError(undefined);
          } catch (x) {
            setError((x as Error).message);
          }
        }}
      />
    </FieldFrame>
  );
}
