// What a capture importer needs of MAP (exported to dependent plugins): the context of a dialogue's application
// context, a component as its message name with its decoded fields (shorthand copies left out: the nested fields
// are the message) and a way to encode fields back, the roles of the operation that opened the dialogue, and
// whether a `map.<segment>.<Name>` type exists. The importer itself (plugins/capture) knows no MAP.
import type { JsonObject } from '../../sdk/index.js';
import { acFromOid, type Component } from '../sigtran/api.js';
import type { ImportedComponent } from '../sigtran/capture.js';
import { errorName, mapContextOf, operationOf, type MapOperation } from './catalogue.js';
import { decodeMessage, encodeMessage } from './codec/message.js';
import { mapFamily } from './family.js';
import { mapOptions } from './options.js';

/** Fields that differ from call to call: none of MAP's own; the invoke id is the kit's. */
export const MAP_PER_CALL_FIELDS: readonly string[] = ['invoke_id'];

/** The context and version of a MAP application context, and its alias; undefined for another family's. */
export function mapContext(acOid: string | undefined): { context: string; version: number; alias: string } | undefined {
  if (!acOid) return undefined;
  try {
    const mc = mapContextOf(acFromOid(acOid));
    return mc && { ...mc, alias: `${mc.context}_v${mc.version}` };
  } catch {
    return undefined;
  }
}

let types: ReadonlySet<string> | undefined;
export function isMapType(type: string): boolean {
  types ??= new Set(mapFamily.operations(mapOptions()).map((o) => o.type));
  return types.has(type);
}

/** The [invoker, responder] role pairs of the operation an opening invoke stands for. */
export function mapRolePairs(opcode: number | string, acOid: string | undefined): ReadonlyArray<readonly [string, string]> {
  const mc = mapContext(acOid);
  return (typeof opcode === 'number' ? operationOf(opcode, mc?.context, mc?.version)?.pairs : undefined) ?? [];
}


/** A component of a dialogue of `acOid`; `invoked(id)` is the opcode the dialogue's invoke `id` carried. */
export function mapComponent(c: Component, acOid: string | undefined, invoked: (invokeId: number) => number | string | undefined): ImportedComponent | undefined {
  if (c.type === 'reject') return undefined;
  const mc = mapContext(acOid);
  const opcode = c.type === 'invoke' ? c.opcode : (invoked(c.invokeId) ?? (c.type === 'returnResult' ? c.opcode : undefined));
  const op = typeof opcode === 'number' ? operationOf(opcode, mc?.context, mc?.version) : undefined;
  if (!op) return undefined;
  const version = mc?.version ?? op.defaultVersion;
  if (c.type === 'returnError') {
    const name = typeof c.errorCode === 'number' ? errorName(c.errorCode) : undefined;
    const d = decodeMessage(op, 'error', version, c.parameter, name);
    const params = withoutShorthands(op, d.fields as JsonObject, 'error');
    const code = typeof c.errorCode === 'number' ? c.errorCode : String(c.errorCode);
    const received = { errorCode: code, ...(name ? { errorCode_name: name } : {}), ...params };
    return { name: `${op.name}Error`, fields: { errorCode: name ?? code, ...params }, received, ...(d.ok ? {} : { error: d.error }) };
  }
  const wire = c.type === 'invoke' ? 'invoke' : 'result';
  const bytes = c.type === 'invoke' ? c.argument : c.result;
  const d = decodeMessage(op, wire, version, bytes);
  return {
    name: wire === 'invoke' ? op.name : `${op.name}Result`,
    fields: withoutShorthands(op, d.fields as JsonObject, wire),
    encode: (f) => encodeMessage(op, wire, version, f),
    ...(bytes ? { bytes } : {}),
    ...(d.ok ? {} : { error: d.error }),
  };
}

function withoutShorthands(op: MapOperation, fields: JsonObject, wire: 'invoke' | 'result' | 'error'): JsonObject {
  const shorts = Object.keys((wire === 'invoke' ? op.shorthands : wire === 'result' ? op.resultShorthands : undefined) ?? {});
  if (!shorts.length) return fields;
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !shorts.some((s) => k === s || k.startsWith(`${s}_`))));
}

