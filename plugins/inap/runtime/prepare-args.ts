// The outbound argument of an INAP operation before encoding: control arguments left out, the operation's own
// forms and defaults applied (its row's behaviour), and the check that the chosen variant defines every argument.
import type { JsonObject } from '../../../sdk/index.js';
import type { ArgType } from '../../sigtran/codec/index.js';
import { OPERATIONS } from '../catalogue.js';
import { SEND_CONTROLS } from '../controls.js';
import type { Variant } from '../codec/variants.js';
import { processConfig, type InapConfig } from '../options.js';

/** The fields to encode of an outbound operation's arguments, in `variant`. */
export function outboundFields(op: string, variant: Variant, args: JsonObject, options: InapConfig = processConfig): JsonObject {
  const out: JsonObject = {};
  for (const k in args) if (args[k] !== undefined && !SEND_CONTROLS.has(k)) out[k] = args[k]!;
  const own = OPERATIONS[op];
  return own?.outbound ? own.outbound(out, variant, options) : out;
}

const names = new WeakMap<ArgType, Set<string>>();

/** Top-level argument names of a type: fields of a SEQUENCE, alternatives of a CHOICE, or the named value. */
function topNames(at: ArgType): Set<string> {
  let s = names.get(at);
  if (!s) {
    s = new Set();
    const ty = at.ty;
    if (ty.k === 'seq') for (const f of ty.fields) {
      s.add(f.n);
      if (f.al) s.add(f.al);
    }
    else if (ty.k === 'choice') for (const a of ty.alts) s.add(a.n);
    if (at.name) s.add(at.name);
    if (ty.k === 'contain' && ty.inner.k === 'choice') for (const a of ty.inner.alts) s.add(a.n);
    if (ty.k === 'contain' && ty.inner.k === 'seq') for (const fl of ty.inner.fields) s.add(fl.n);
    names.set(at, s);
  }
  return s;
}

// Argument names already found defined, per type: the same few names come with every instance of a definition.
const definedNames = new WeakMap<ArgType, Set<string>>();

/** The first argument name the variant's type does not define, or undefined. */
export function unknownArgument(at: ArgType | undefined, fields: JsonObject): string | undefined {
  const known = at && definedNames.get(at);
  for (const k in fields) {
    if (known?.has(k)) continue;
    if (!at) return k;
    const base = k.split('.')[0]!;
    const s = topNames(at);
    if (!s.has(base) && !s.has(base.replace(/_[A-Za-z]+$/, ''))) return k;
    let d = definedNames.get(at);
    if (!d) definedNames.set(at, (d = new Set()));
    if (d.size < 10_000) d.add(k);
  }
  return undefined;
}
