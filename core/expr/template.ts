// Arguments with expressions: any string "{ ... }" is an expression ("\{" escapes a literal brace). A value is
// compiled once into a Template; per instance, render() produces plain data. Values without expressions are
// returned as they are (shared, never copied).
import { compileExpression, ExpressionError, type CompiledExpression } from './jexl.js';
import { invalid } from '../errors.js';
import type { Json } from '../api/index.js';
import { expressionLimits } from './limits.js';
import { jsonValueSize, ValueError } from './json-value.js';
import { withRunState, type RandomSource, type RunExprState } from './run-state.js';

export interface ExprScope {
  $v: unknown;
  $g: unknown;
  $i: unknown;
  $n: number;
  /** The run's expression state (sequence() counters): state is scoped to the run, never to the process. */
  run?: RunExprState;
  /** $d: the instance's rows of the run's data sets (core/engine/data-sets.ts). */
  $d?: unknown;
  /** The instance's generator when the run has a `seed`: the random functions draw from it. */
  rng?: RandomSource;
}

export interface Template {
  /** True when render() evaluates something. */
  readonly dynamic: boolean;
  render(scope: ExprScope): Json;
}

class Static implements Template {
  readonly dynamic = false;
  constructor(private readonly value: Json) {}
  render(): Json {
    return this.value;
  }
}

class Expr implements Template {
  readonly dynamic = true;
  constructor(readonly expr: CompiledExpression, readonly source: string) {}
  render(scope: ExprScope): Json {
    const v = this.expr.direct ? this.expr.evalSync(scope) : withRunState(scope.run, () => this.expr.evalSync(scope), scope.rng);
    // Only JSON values of a bounded size leave an expression (a function, a prototype, 1e999, 200 MB: refused).
    if (v !== null && typeof v === 'object') jsonValueSize(v, expressionLimits().maxValueBytes, 'the expression value');
    else if (typeof v === 'number' ? !Number.isFinite(v) : typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') jsonValueSize(v, 0, 'the expression value');
    return (v === undefined ? null : v) as Json;
  }
}

class ObjectTemplate implements Template {
  readonly dynamic = true;
  /**
   * The static entries' values, with null where each dynamic entry goes (the keys in their order): copied per render,
   * then the dynamic entries written into the copy (an argument of five fields with one expression: one copy and one
   * store, not five stores that each add a property). Undefined when a key is `__proto__` (a store sets the copy's
   * prototype there, a copy would not).
   */
  private readonly base: Record<string, Json> | undefined;
  private readonly keys: string[] = [];
  private readonly templates: Template[] = [];
  constructor(private readonly entries: Array<[string, Template]>) {
    const base: Record<string, Json> = {};
    for (const [k, t] of entries) {
      base[k] = t.dynamic ? null : t.render(null as never);
      if (t.dynamic) {
        this.keys.push(k);
        this.templates.push(t);
      }
    }
    this.base = entries.some(([k]) => k === '__proto__') ? undefined : base;
  }
  render(scope: ExprScope): Json {
    const base = this.base;
    if (base === undefined) {
      const out: Record<string, Json> = {};
      for (const [k, t] of this.entries) out[k] = t.render(scope);
      return out;
    }
    const out = { ...base };
    const keys = this.keys;
    const templates = this.templates;
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = templates[i]!.render(scope);
    return out;
  }
}

class ArrayTemplate implements Template {
  readonly dynamic = true;
  constructor(private readonly items: Template[]) {}
  render(scope: ExprScope): Json {
    return this.items.map((t) => t.render(scope));
  }
}

/** Is this string an expression? Returns its source, or undefined. */
export function expressionSource(s: string): string | undefined {
  if (s.length >= 2 && s.charCodeAt(0) === 123 /* { */ && s.charCodeAt(s.length - 1) === 125 /* } */) return s.slice(1, -1);
  return undefined;
}

function unescape(s: string): string {
  return s.startsWith('\\{') ? s.slice(1) : s;
}

/**
 * Compile one expression source, as 2002 naming the path on error. A constant expression (no $v/$g/$i/$n, pure
 * functions only) is evaluated now, within the value bound: `pad(1, 200000000)` is refused before the run starts.
 */
function compileAt(source: string, path: string): Template {
  let expr: Expr;
  try {
    expr = new Expr(compileExpression(source), source);
  } catch (e) {
    throw invalid(path, e instanceof ExpressionError ? e.message : String(e));
  }
  if (!expr.expr.constant) return expr;
  try {
    return new Static(expr.render({ $v: {}, $g: {}, $i: {}, $n: 0 }));
  } catch (e) {
    throw invalid(path, `${e instanceof ValueError ? '' : 'cannot evaluate: '}${(e as Error).message}`);
  }
}

/**
 * Compile a value. `alwaysExpr` names keys (at this level) whose string values are expressions even without
 * braces (assert.expression); `raw` names keys left untouched.
 */
export function compileTemplate(
  value: unknown,
  path: string,
  opts: { alwaysExpr?: readonly string[]; raw?: readonly string[] } = {},
): Template {
  if (typeof value === 'string') {
    const src = expressionSource(value);
    if (src !== undefined) return compileAt(src, path);
    return new Static(unescape(value));
  }
  if (Array.isArray(value)) {
    const items = value.map((v, i) => compileTemplate(v, `${path}[${i}]`));
    return items.some((t) => t.dynamic) ? new ArrayTemplate(items) : new Static(items.map((t) => t.render(null as never)));
  }
  if (value && typeof value === 'object') {
    const entries: Array<[string, Template]> = [];
    for (const [k, v] of Object.entries(value)) {
      const p = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
      if (opts.raw?.includes(k)) entries.push([k, new Static(v as Json)]);
      else if (opts.alwaysExpr?.includes(k) && typeof v === 'string') entries.push([k, compileAt(expressionSource(v) ?? v, p)]);
      else entries.push([k, compileTemplate(v, p)]);
    }
    if (entries.some(([, t]) => t.dynamic)) return new ObjectTemplate(entries);
    const out: Record<string, Json> = {};
    for (const [k, t] of entries) out[k] = t.render(null as never);
    return new Static(out);
  }
  return new Static((value === undefined ? null : value) as Json);
}

/**
 * THE rule of what is an expression: a string written "{ ... }" (first character '{', last '}'); "\{" escapes.
 * Plugins use it through the sdk (`isExpression`) for static checks that must skip values known only per instance.
 */
export function isExpressionString(v: unknown): boolean {
  return typeof v === 'string' && expressionSource(v) !== undefined;
}
