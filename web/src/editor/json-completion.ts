// Completion in the JSON editor, from the definition schema: at a key, the fields the schema declares there (with
// their descriptions); at a value, its choices (enums, booleans) and, for `operations[].type`, every operation type.
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { getLocation, parse } from 'jsonc-parser';
import type { Describe, JsonSchema } from '../api/types.js';
import { schemaAtPath, structural } from './schema-path.js';

function keyOptions(s: JsonSchema | undefined): Completion[] {
  const props = s ? structural(s).properties : undefined;
  const required = new Set(s ? (structural(s).required ?? []) : []);
  return Object.entries(props ?? {}).map(([name, p]) => ({
    label: JSON.stringify(name),
    detail: required.has(name) ? 'required' : undefined,
    info: p.description,
    type: 'property',
    boost: required.has(name) ? 1 : 0,
  }));
}

function valueOptions(s: JsonSchema | undefined): Completion[] {
  if (!s) return [];
  const values = new Set<unknown>(s.enum ?? []);
  for (const alt of s.anyOf ?? s.oneOf ?? []) {
    for (const v of alt.enum ?? []) values.add(v);
    if (alt.const !== undefined) values.add(alt.const);
  }
  if (s.const !== undefined) values.add(s.const);
  if (([] as unknown[]).concat(s.type ?? []).includes('boolean')) [true, false].forEach((v) => values.add(v));
  return [...values].map((v) => ({ label: JSON.stringify(v), type: 'enum' }));
}

/** The completion source of a describe answer. */
export function definitionCompletion(describe: Describe) {
  return (cx: CompletionContext): CompletionResult | null => {
    const word = cx.matchBefore(/"?[\w$!.<>:-]*/);
    if (!word || (word.from === word.to && !cx.explicit)) return null;
    const text = cx.state.doc.toString();
    const where = getLocation(text, cx.pos);
    const definition: unknown = parse(text);
    const path = where.path.filter((s) => s !== '') as Array<string | number>;
    let options: Completion[];
    if (where.isAtPropertyKey) options = keyOptions(schemaAtPath(describe, definition, path.slice(0, -1)));
    else if (path.length === 3 && path[0] === 'operations' && path[2] === 'type') options = describe.operations.map((op) => ({ label: JSON.stringify(op.type), info: op.description, type: 'type' }));
    else options = valueOptions(schemaAtPath(describe, definition, path));
    if (!options.length) return null;
    const after = cx.state.sliceDoc(cx.pos, cx.pos + 1);
    return { from: word.from, to: after === '"' && word.text.startsWith('"') ? cx.pos + 1 : cx.pos, options, validFor: /^"?[\w$!.<>:-]*$/ };
  };
}
