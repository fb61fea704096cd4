// The static check of an outbound INAP operation at ExecuteTest (its `prepare`, also run by `tester validate`): the
// argument is checked against the codec descriptor of the variant its dialogue will use, as far as the definition
// tells it — the operation exists in that variant, every argument is defined there, every mandatory field is given
// (`X`, `X_hex` or the derived fields, a value written as an expression counts as given), and every static value
// fits its type and constraints. A problem is 2002 naming the argument. Values known only per instance are checked
// when the instance encodes them (the instance aborts naming them).
import { invalid, isExpression, type JsonObject, type PrepareContext } from '../../../sdk/index.js';
import { resolveAc } from '../../sigtran/api.js';
import { checkArg } from '../../sigtran/codec/index.js';
import type { MessageEntry, TcapUserFamily } from '../../sigtran/user/index.js';
import { extensionTypes } from '../codec/extensions.js';
import { OPENING, OPERATIONS, type OperationRow } from '../catalogue.js';
import { ONLY_IN, argType, definedIn } from '../codec/args.js';
import { VARIANTS, parseVariant, type Variant } from '../codec/variants.js';
import { openingAc, variantOfAc } from '../contexts.js';
import type { InapDialogue } from '../dialogue.js';
import type { InapConfig } from '../options.js';
import { inapParams } from '../params.js';
import { outboundFields, unknownArgument } from './prepare-args.js';

type Params = Readonly<JsonObject>;
type InapFamily = TcapUserFamily<OperationRow, InapDialogue, InapConfig>;

const TYPE = /^inap\.([a-z]+_(?:to|from)_[a-z]+)\.([A-Za-z]+)$/;

/** The role segment and message name of an `inap.*` operation type (aliases included), or undefined. */
function parseType(family: InapFamily, type: unknown): { key: string; direction: 'send' | 'receive'; role: string; name: string } | undefined {
  const m = typeof type === 'string' ? TYPE.exec(type) : null;
  const seg = m ? family.segment(m[1]!) : undefined;
  return seg && { key: seg.key, direction: seg.direction, role: seg.role, name: m![2]! };
}

/** A static variant, undefined when the value is an expression (known per instance) or names none. */
function staticVariant(v: unknown): Variant | undefined {
  return isExpression(v) ? undefined : parseVariant(v);
}

/**
 * The variants a dialogue opened by an outbound Begin may use, in the order send.ts picks one: the operation's
 * `variant`, the application context (`tcap_ac`, else `ssp_ac` / `inap.srf_ac`), `inap.variant`, the plugin default.
 */
function openerVariants(args: JsonObject, role: string, row: OperationRow | undefined, params: Params, cfg: InapConfig): readonly Variant[] {
  if (isExpression(args.variant)) return VARIANTS;
  const own = staticVariant(args.variant);
  if (own) return [own];
  const inap = inapParams(params);
  const roleAc = role === 'ssp' ? params.ssp_ac : inap.srf_ac;
  if (args.tcap_ac === undefined && isExpression(roleAc)) return VARIANTS;
  const ac = args.tcap_ac !== undefined ? args.tcap_ac : openingAc(row?.contexts, roleAc);
  if (isExpression(ac)) return VARIANTS;
  if (ac !== undefined && ac !== null) {
    try {
      const byAc = variantOfAc(resolveAc(String(ac))?.oid);
      if (byAc) return [byAc];
    } catch {
      return VARIANTS; // a bad AC aborts the instance when it opens the dialogue
    }
  }
  if (isExpression(inap.variant)) return VARIANTS;
  return [staticVariant(inap.variant) ?? cfg.defaultVariant];
}

const analyses = new WeakMap<object, ReadonlyMap<number, readonly Variant[]>>();

/**
 * For each `inap.*` operation of the definition, the variants of the dialogue it uses: that of the nearest operation
 * before it (in the definition's order) opening that role's dialogue. An SCP-side dialogue takes the variant of the
 * peer's Begin unless the accepting operation names one. Operations before any opening one are not listed.
 */
function analyse(family: InapFamily, params: Params, cfg: InapConfig): ReadonlyMap<number, readonly Variant[]> {
  let a = analyses.get(params);
  if (a) return a;
  const out = new Map<number, readonly Variant[]>();
  const current = new Map<string, readonly Variant[]>();
  const ops = Array.isArray(params.operations) ? params.operations : [];
  ops.forEach((op, i) => {
    const o = op as JsonObject | null;
    const t = parseType(family, o?.type);
    if (!t) return;
    const args = (o?.arguments ?? {}) as JsonObject;
    if (OPENING.has(t.name) && t.role !== 'scp' && t.direction === 'send') current.set(t.key, openerVariants(args, t.role, OPERATIONS[t.name], params, cfg));
    else if (OPENING.has(t.name) && t.role === 'scp' && t.direction === 'receive') {
      const v = staticVariant(args.variant);
      current.set(t.key, v ? [v] : VARIANTS);
    }
    const vs = current.get(t.key);
    if (vs) out.set(i, vs);
  });
  a = out;
  analyses.set(params, a);
  return a;
}

interface Problem {
  /** Path below the operation's `arguments` ('' for the operation itself). */
  path: string;
  text: string;
}

/** `path: text` of a CodecError as a Problem (`arguments: …` is the argument as a whole). */
function splitProblem(message: string): Problem {
  const i = message.indexOf(': ');
  const path = i < 0 ? '' : message.slice(0, i);
  return { path: path === 'arguments' ? '' : path, text: i < 0 ? message : message.slice(i + 2) };
}

function problemIn(e: MessageEntry<OperationRow>, v: Variant, args: JsonObject, cfg: InapConfig, params: Params): Problem | undefined {
  if (!definedIn(e.op, v)) return { path: '', text: `${e.op} is not defined in variant ${v} (only in ${ONLY_IN[e.op]!.join(', ')})` };
  const fields = outboundFields(e.op, v, args, cfg);
  const at = argType(e.op, v, e.wire === 'result');
  const unknown = unknownArgument(at, fields);
  if (unknown !== undefined) return { path: unknown, text: `not defined for ${e.op}${e.wire === 'result' ? ' results' : ''} in variant ${v}` };
  if (!at) return undefined;
  const types = extensionTypes(inapParams(params).extensions);
  const msg = checkArg(at, fields, isExpression, types ? { extensions: types } : undefined);
  return msg === undefined ? undefined : splitProblem(msg);
}

function join(base: string, path: string): string {
  if (path === '') return base;
  return path.startsWith('[') ? base + path : `${base}.${path}`;
}

/** The `prepare` of an outbound operation type: throws 2002 naming the argument when no variant its dialogue may use
 *  accepts the arguments. */
export function prepareSend(family: InapFamily, e: MessageEntry<OperationRow>, args: JsonObject, ctx: PrepareContext, cfg: InapConfig): void {
  if (e.wire === 'error') return;
  const variants = OPENING.has(e.name) && e.role !== 'scp' ? openerVariants(args, e.role, e.row, ctx.params, cfg) : analyse(family, ctx.params, cfg).get(ctx.opIndex);
  if (!variants) return; // no dialogue is open before it: the instance aborts saying so
  let first: { p: Problem; v: Variant } | undefined;
  for (const v of variants) {
    let p: Problem | undefined;
    try {
      p = problemIn(e, v, args, cfg, ctx.params);
    } catch {
      return; // not decidable statically: the instance checks it
    }
    if (!p) return;
    first ??= { p, v };
  }
  const { p, v } = first!;
  const where = variants.length > 1 ? ` (in every variant the dialogue may use: ${variants.join(', ')})` : p.text.includes(`variant ${v}`) ? '' : ` (variant ${v})`;
  const base = p.path === '' && p.text.includes('is not defined in variant') ? ctx.path.replace(/\.arguments$/, '.type') : ctx.path;
  throw invalid(join(base, p.path), `${p.text}${where}`);
}
