// The scalar fields of the steps view's forms: each is labelled with its name (marked when required), says its
// type and description, and shows the problems at its path below it (aria-describedby, aria-invalid).
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { JsonSchema } from '../api/types.js';
import { choicesOf, typeLabel, typesOf, unwrapNullable } from './field-kind.js';
import { pathText, type Segment } from './paths.js';
import { isExpression } from './validate.js';

/** The problems of the definition by path (`operations[0].arguments.serviceKey` → its messages). */
export const ProblemsAt = createContext<ReadonlyMap<string, string[]>>(new Map());

export interface FieldProps {
  name: string;
  schema: JsonSchema;
  value: unknown;
  path: readonly Segment[];
  required?: boolean;
  /** undefined removes the field. */
  onChange: (value: unknown) => void;
  /** Offered to type (a datalist id), e.g. the definition's labels for a branch target. */
  list?: string;
}

export const fieldId = (path: readonly Segment[]) => `f-${pathText(path).replace(/[^\w-]/g, '_')}`;

/** The label, description and problems around a control whose id is fieldId(path). */
export function FieldFrame(props: { name: string; schema: JsonSchema; path: readonly Segment[]; required?: boolean; children: ComponentChildren; extra?: ComponentChildren }) {
  const id = fieldId(props.path);
  const problems = useContext(ProblemsAt).get(pathText(props.path)) ?? [];
  return (
    <div class={`field${problems.length ? ' invalid' : ''}`} data-path={pathText(props.path)}>
      <label for={id} class="field-label">
        <span class={props.required ? 'required' : undefined}>{props.name}</span> <span class="type muted">{typeLabel(props.schema)}</span>
      </label>
      <div class="field-control">
        {props.children}
        {props.extra}
      </div>
      {props.schema.description ? (
        <span class="field-desc muted" id={`${id}-desc`}>
          {props.schema.description}
        </span>
      ) : null}
      {problems.map((m, i) => (
        <span key={i} class="field-error" id={i === 0 ? `${id}-err` : undefined}>
          {m}
        </span>
      ))}
    </div>
  );
}

/** The attributes that tie a control to its frame. */
export function controlProps(path: readonly Segment[], schema: JsonSchema, invalid: boolean) {
  const id = fieldId(path);
  const described = [schema.description ? `${id}-desc` : '', invalid ? `${id}-err` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid ? ('true' as const) : undefined, 'aria-describedby': described || undefined, 'data-path': pathText(path) };
}

/** Text typed into a field → the value it means for this schema. */
function parseText(text: string, schema: JsonSchema, nullable: boolean): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  if (nullable && t === 'null') return null;
  const types = typesOf(schema);
  if (isExpression(t)) return text;
  const numeric = types.includes('integer') || types.includes('number');
  if (numeric && /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t) && !(types.includes('string') && /^0\d/.test(t))) return Number(t);
  if (types.includes('boolean') && (t === 'true' || t === 'false')) return t === 'true';
  if (types.length === 0) {
    try {
      const v: unknown = JSON.parse(t);
      if (v === null || typeof v !== 'object') return v;
    } catch {
      // not JSON: the text itself
    }
  }
  return text;
}

function formatValue(value: unknown, schema: JsonSchema): string {
  if (value === undefined) return '';
  if (typeof value === 'string') {
    if (typesOf(schema).length === 0) {
      try {
        const v: unknown = JSON.parse(value);
        if (typeof v !== 'string') return JSON.stringify(value);
      } catch {
        // plain text
      }
    }
    return value;
  }
  return JSON.stringify(value);
}

/** A text input for strings, numbers, expressions (`{ ... }`) and free values. */
export function TextField(props: FieldProps) {
  const { schema, nullable } = unwrapNullable(props.schema);
  const [text, setText] = useState(formatValue(props.value, schema));
  useEffect(() => {
    if (JSON.stringify(parseText(text, schema, nullable)) !== JSON.stringify(props.value)) setText(formatValue(props.value, schema));
  }, [props.value]);
  const invalid = (useContext(ProblemsAt).get(pathText(props.path)) ?? []).length > 0;
  const numeric = typesOf(schema).some((t) => t === 'integer' || t === 'number');
  return (
    <FieldFrame {...props} schema={schema}>
      <input
        type="text"
        {...controlProps(props.path, schema, invalid)}
        value={text}
        list={props.list}
        inputMode={numeric && !typesOf(schema).includes('string') ? 'decimal' : undefined}
        placeholder={numeric ? 'number or { expression }' : nullable ? 'value, null (absent) or { expression }' : undefined}
        onInput={(e) => {
          const t = (e.target as HTMLInputElement).value;
          setText(t);
          props.onChange(parseText(t, schema, nullable));
        }}
      />
    </FieldFrame>
  );
}

/** An enumeration (named choices with their numbers) or a boolean, as a select; '' leaves the field out. */
export function ChoiceField(props: FieldProps) {
  const { schema, nullable } = unwrapNullable(props.schema);
  const choices = choicesOf(schema) ?? [
    { value: true, label: 'true' },
    { value: false, label: 'false' },
  ];
  const all = nullable ? [...choices, { value: null, label: 'null (absent)' }] : choices;
  const invalid = (useContext(ProblemsAt).get(pathText(props.path)) ?? []).length > 0;
  const index = all.findIndex((c) => c.value === props.value);
  const other = props.value !== undefined && index < 0;
  return (
    <FieldFrame {...props} schema={schema}>
      <select
        {...controlProps(props.path, schema, invalid)}
        value={other ? 'other' : String(index)}
        onChange={(e) => {
          const v = (e.target as HTMLSelectElement).value;
          if (v !== 'other') props.onChange(v === '-1' ? undefined : all[Number(v)]!.value);
        }}
      >
        <option value="-1">{props.required ? '(choose)' : '(not set)'}</option>
        {all.map((c, i) => (
          <option key={i} value={String(i)}>
            {c.label}
          </option>
        ))}
        {other ? <option value="other">{formatValue(props.value, {})}</option> : null}
      </select>
    </FieldFrame>
  );
}
