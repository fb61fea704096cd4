// What a capture importer needs of INAP/CAMEL (exported to dependent plugins): the variant and alias of a dialogue's
// application context, a component as the operation type the tester plays with its decoded fields and a way to
// encode fields back (to check the decoded form re-encodes to the captured bytes), and the fields that change per
// call. The importer itself (plugins/capture) knows no INAP.
import type { JsonObject } from '../../sdk/index.js';
import type { Component } from '../sigtran/api.js';
import type { ImportedComponent } from '../sigtran/capture.js';
import { decodeArg, encodeArg } from '../sigtran/codec/index.js';
import { opName } from './catalogue.js';
import { argType } from './codec/args.js';
import { parseVariant, type Variant } from './codec/variants.js';
import { INAP_CONTEXTS, variantOfAc } from './contexts.js';
import { inapFamily } from './family.js';
import { inapConfig } from './options.js';

/** Fields that differ from call to call: an imported definition does not check them unless told to (--strict). */
export const INAP_PER_CALL_FIELDS: readonly string[] = ['callReferenceNumber', 'timeAndTimezone', 'correlationID', 'invoke_id'];

/** The codec variant and canonical alias of an INAP/CAP application context; undefined for another family's. */
export function inapContext(acOid: string | undefined): { variant: Variant; alias: string } | undefined {
  const row = INAP_CONTEXTS.find((c) => c.oid === acOid);
  const variant = variantOfAc(acOid);
  return row && variant ? { variant, alias: row.names[0]! } : undefined;
}

export const parseInapVariant = parseVariant;

let types: ReadonlySet<string> | undefined;
/** Whether `inap.<segment>.<Name>` is an operation type of the plugin. */
export function isInapType(type: string): boolean {
  types ??= new Set(inapFamily.operations(inapConfig()).map((o) => o.type));
  return types.has(type);
}


/**
 * A component of a dialogue in `variant`; `invoked(id)` is the opcode the dialogue's invoke `id` carried (for
 * results and errors). Undefined for a component that names no INAP operation.
 */
export function inapComponent(c: Component, variant: Variant, invoked: (invokeId: number) => number | string | undefined): ImportedComponent | undefined {
  if (c.type === 'reject') return undefined;
  const opcode = c.type === 'invoke' ? c.opcode : (invoked(c.invokeId) ?? (c.type === 'returnResult' ? c.opcode : undefined));
  const op = opcode === undefined ? undefined : opName(opcode);
  if (!op) return undefined;
  if (c.type === 'returnError') return { name: `${op}Error`, fields: { errorCode: typeof c.errorCode === 'number' ? c.errorCode : String(c.errorCode) } };
  const result = c.type === 'returnResult';
  const at = argType(op, variant, result);
  const bytes = result ? c.result : c.argument;
  const name = result ? `${op}Result` : op;
  if (!at || !bytes) return { name, fields: {} };
  const d = decodeArg(at, bytes);
  return { name, fields: d.fields as JsonObject, encode: (f) => encodeArg(at, f), bytes, ...(d.ok ? {} : { error: d.error }) };
}
