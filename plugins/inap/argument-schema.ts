// What a type carries, from its row and the codec: the JSON-schema properties of its argument (union over the
// variants: every field, its `_hex` form and the derived fields of numbers and causes, enum `_name`s, and the
// operation's own forms), and its `source`. The control arguments and dotted paths are the kit's (controls.ts).
import type { MessageEntry } from '../sigtran/user/index.js';
import { argProperties } from '../sigtran/codec/index.js';
import type { OperationRow } from './catalogue.js';
import { ARG_TYPES, RESULT_TYPES } from './codec/args.js';
import { CAP_ERRORS, ERROR_PARAMETER_FIELDS } from './codec/errors.js';
import { VARIANTS } from './codec/variants.js';

const ERROR_CODE = { type: ['integer', 'string'], description: `A code or a CAP error name (${Object.keys(CAP_ERRORS).join(', ')})` };

/** Properties of the argument (or result) of a message in every variant. */
export function messageProperties(e: MessageEntry<OperationRow>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (e.wire === 'error') {
    props.errorCode = ERROR_CODE;
    // the parameter of systemFailure, taskRefused, requestedInfoError, cancelFailed (codec/errors.ts)
    for (const k of ERROR_PARAMETER_FIELDS) props[k] = {};
    return props;
  }
  const b = (e.wire === 'result' ? RESULT_TYPES : ARG_TYPES)[e.op];
  if (b) for (const v of VARIANTS) argProperties(b(v), props);
  if (e.wire === 'invoke' && e.row.properties) Object.assign(props, e.row.properties);
  return props;
}

/** Where the type's data lives: its row of the table and the codec type of what it carries. */
export function messageSource(e: MessageEntry<OperationRow>): string {
  const row = e.row;
  const at = `catalogue.ts OPERATIONS.${e.op}`;
  if (e.wire === 'error') return `${at}.error; the error's parameter: codec/errors.ts`;
  const [type, table, types] = e.wire === 'result' ? [row.result?.type ?? null, 'RESULT_TYPES', RESULT_TYPES] : [row.argument, 'ARG_TYPES', ARG_TYPES];
  const where = e.wire === 'result' ? `${at}.result` : at;
  // the table and the codec must agree: a row naming an argument type the codec lacks (or the reverse) fails the boot
  if ((type !== null) !== (types[e.op] !== undefined)) {
    throw new Error(`${where} says ${type ?? 'no argument'}, but codec/args.ts ${table} ${types[e.op] ? 'has' : 'has no'} entry ${e.op}`);
  }
  return type ? `${where}; ${type}: codec/args.ts ${table}.${e.op}` : `${where} (no argument)`;
}
