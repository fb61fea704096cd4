// THE jexl instance of the service (private, never the module singleton). Expressions are compiled once, at
// ExecuteTest; unknown names and functions are found then, by walking the syntax tree.
import jexlModule from 'jexl';
import jexlHandlers from 'jexl/dist/evaluator/handlers.js';
import JexlEvaluator from 'jexl/dist/evaluator/Evaluator.js';
import JexlLexer from 'jexl/dist/Lexer.js';
import { builtinFunctions } from './functions.js';
import type { ExpressionFunction } from '../api/plugin.js';
import { expressionLimits } from './limits.js';
import { ValueError } from './json-value.js';

type JexlCtor = new () => JexlInstance;
export interface CompiledExpression {
  evalSync(context: object): unknown;
  /** True when the value is the same on every evaluation (no $v/$g/$i/$n, only pure functions): it can be folded. */
  readonly constant: boolean;
  /** True when it calls no function (it needs no run state) and is evaluated without jexl's evaluator (see direct()). */
  readonly direct: boolean;
  /** The data sets it reads as `$d.<set>`, checked against the run's `data` (core/engine/data-sets.ts). */
  readonly dataSets: readonly string[];
}
interface JexlInstance {
  compile(expr: string): { evalSync(context: object): unknown; _getAst(): AstNode };
  addFunction(name: string, fn: ExpressionFunction): void;
  addTransform(name: string, fn: ExpressionFunction): void;
}
interface AstNode {
  type: string;
  [k: string]: unknown;
}

const JexlClass = (jexlModule as unknown as { Jexl: JexlCtor }).Jexl;
const jexl = new JexlClass();

// Expressions see plain data only. jexl reads `a.b` and `a[k]` with a plain property read, which reaches
// inherited and function properties (`$n['constructor']` is the Number function, `$v.__proto__` a prototype);
// here a read gives an own property of an object, array or string, and nothing else (undefined, i.e. null).
// jexl 2.3.0's evaluator is patched in place: its member reads are the Identifier handler (`a.b`) and
// Evaluator#_filterStatic (`a[k]`); test/core/expr/jexl.test.ts fails if a jexl update moves them.
const ownValue = (holder: unknown, key: unknown): unknown => {
  if (holder === null || holder === undefined) return undefined;
  if (typeof holder !== 'object' && typeof holder !== 'string') return undefined;
  const k = typeof key === 'number' ? key : String(key);
  return Object.hasOwn(Object(holder), k) ? (holder as Record<string | number, unknown>)[k] : undefined;
};
type EvaluatorThis = { eval(ast: unknown): { then(f: (v: unknown) => unknown): unknown }; _context: Record<string, unknown>; _relContext: Record<string, unknown> };
const handlers = jexlHandlers as unknown as Record<string, (this: EvaluatorThis, ast: AstNode) => unknown>;
handlers.Identifier = function (this: EvaluatorThis, ast: AstNode) {
  if (!ast.from) return ownValue(ast.relative ? this._relContext : this._context, ast.value);
  return this.eval(ast.from).then((context) => ownValue(Array.isArray(context) ? context[0] : context, ast.value));
};
(JexlEvaluator as unknown as { prototype: Record<string, unknown> }).prototype._filterStatic = function (this: EvaluatorThis, subject: unknown, expr: unknown) {
  return this.eval(expr).then((res) => (typeof res === 'boolean' ? (res ? subject : undefined) : ownValue(subject, res)));
};
// `+` joins strings: bounded, so that no chain of joins inside one expression builds more than max_value_bytes.
(jexl as unknown as { addBinaryOp(op: string, precedence: number, fn: (a: unknown, b: unknown) => unknown): void }).addBinaryOp('+', 30, (a, b) => {
  // JavaScript's `+` on whatever the operands are (numbers add, strings join, the rest coerce): typed as strings only
  // because TypeScript's `+` takes no unknown
  const r: unknown = (a as string) + (b as string);
  if (typeof r === 'string' && r.length > expressionLimits().maxValueBytes) throw new ValueError(`'+' would build a string of ${r.length} characters, more than max_value_bytes (${expressionLimits().maxValueBytes})`);
  return r;
});
// jexl builds its token-splitting regex from the grammar in every new Lexer, i.e. on every compile (most of the
// cost of compiling a short expression): build it once per grammar state and share it.
type LexerThis = { _grammar: { elements: Record<string, unknown> }; _splitRegex?: RegExp };
const lexerProto = (JexlLexer as unknown as { prototype: Record<string, unknown> }).prototype;
const buildSplitRegex = lexerProto._getSplitRegex as (this: LexerThis) => RegExp;
const splitRegexes = new WeakMap<object, { n: number; re: RegExp }>();
lexerProto._getSplitRegex = function (this: LexerThis): RegExp {
  const n = Object.keys(this._grammar.elements).length;
  const known = splitRegexes.get(this._grammar);
  if (known && known.n === n) return known.re;
  const re = buildSplitRegex.call(this);
  splitRegexes.set(this._grammar, { n, re });
  return re;
};

/** Compiled expressions by source: a definition often repeats one expression in thousands of operations. */
const compiledCache = new Map<string, CompiledExpression>();
const MAX_CACHED = 10_000;
let cacheLimits: object | undefined;

const functionNames = new Set<string>();
/** Who added each function: 'builtin' or a plugin name (a plugin set up again, e.g. by a second service, may replace its own). */
const owners = new Map<string, string>();
for (const [name, fn] of Object.entries(builtinFunctions)) {
  jexl.addFunction(name, fn);
  jexl.addTransform(name, fn);
  functionNames.add(name);
  owners.set(name, 'builtin');
}

/** The names expressions may start from. */
export const SCOPE_NAMES = ['$v', '$g', '$i', '$n', '$d'] as const;
const scope = new Set<string>(SCOPE_NAMES);
/** jexl has no null literal: `null` and `undefined` read as absent names, which is what `$v.x == null` means. */
const literalNames = new Set(['null', 'undefined']);

export function addExpressionFunction(name: string, fn: ExpressionFunction, owner = 'builtin'): void {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`expression function name '${name}' is not an identifier`);
  if (functionNames.has(name) && owners.get(name) !== owner) throw new Error(`expression function '${name}' is already defined by ${owners.get(name)}`);
  owners.set(name, owner);
  compiledCache.clear();
  jexl.addFunction(name, fn);
  jexl.addTransform(name, fn);
  functionNames.add(name);
}

export function expressionFunctionNames(): string[] {
  return [...functionNames].sort();
}

export class ExpressionError extends Error {}

/** An expression's source as error messages show it: at most 120 characters. */
function clip(source: string): string {
  return source.length > 120 ? `${source.slice(0, 117)}...` : source;
}

/**
 * One linear pass before jexl sees the source: its length and bracket depth are bounded (jexl's parser is
 * recursive and slow on deep nesting), and unclosed groups are found (jexl accepts some: '(', '($v.a + 1').
 */
function checkBrackets(source: string): void {
  const limits = expressionLimits();
  if (source.length > limits.maxExpressionLength) throw new ExpressionError(`expression of ${source.length} characters: longer than max_expression_length (${limits.maxExpressionLength})`);
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
      if (i >= source.length) throw new ExpressionError(`bad expression '${clip(source)}': unterminated string`);
    } else if (c === '(' || c === '[' || c === '{') {
      if (stack.push(c) > limits.maxExpressionDepth) throw new ExpressionError(`expression '${clip(source)}' nests brackets deeper than max_expression_depth (${limits.maxExpressionDepth})`);
    } else if (c in pairs) {
      if (stack.pop() !== pairs[c]) throw new ExpressionError(`bad expression '${clip(source)}': unexpected '${c}'`);
    }
  }
  if (stack.length) throw new ExpressionError(`bad expression '${clip(source)}': unclosed '${stack[stack.length - 1]}'`);
}

/** Builtin functions whose value depends on their arguments only. */
const PURE = new Set(['pad', 'padEnd', 'substring', 'int', 'str', 'len', 'upper', 'lower', 'hex', 'min', 'max', 'floor', 'defined', 'json']);

/** Compile, and check that every top-level name is a scope name and every function is known. */
export function compileExpression(source: string): CompiledExpression {
  // the checks a cached expression passed depend on the limits and the functions: a change empties the cache
  if (cacheLimits !== expressionLimits()) {
    compiledCache.clear();
    cacheLimits = expressionLimits();
  }
  const cached = compiledCache.get(source);
  if (cached) return cached;
  const compiled = compileUncached(source);
  if (compiledCache.size >= MAX_CACHED) compiledCache.clear();
  compiledCache.set(source, compiled);
  return compiled;
}

function compileUncached(source: string): CompiledExpression {
  checkBrackets(source);
  let compiled: { evalSync(context: object): unknown; _getAst(): AstNode };
  try {
    compiled = jexl.compile(source);
  } catch (e) {
    throw new ExpressionError(`bad expression '${clip(source)}': ${(e as Error).message}`);
  }
  let ast: AstNode | null;
  try {
    ast = compiled._getAst();
  } catch (e) {
    throw new ExpressionError(`bad expression '${clip(source)}': ${(e as Error).message}`);
  }
  if (ast === null || ast === undefined) {
    throw new ExpressionError(`empty or incomplete expression '${clip(source)}' (for a literal string starting with a brace write "\\{...")`);
  }
  const constant = checkNames(ast, source);
  const fast = direct(ast);
  const dataSets = [...dataSetsRead(ast, new Set<string>())];
  if (fast) return { evalSync: fast, constant, direct: true, dataSets };
  return { evalSync: (context: object) => compiled.evalSync(context), constant, direct: false, dataSets };
}

/** The names read as `$d.<name>` anywhere in the tree (its depth is bounded by checkBrackets). */
function dataSetsRead(node: unknown, out: Set<string>): Set<string> {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) dataSetsRead(n, out);
    return out;
  }
  const n = node as AstNode;
  const from = n.from as AstNode | undefined;
  if (n.type === 'Identifier' && from?.type === 'Identifier' && from.value === '$d' && from.from === undefined && !from.relative) out.add(String(n.value));
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') dataSetsRead(v, out);
  return out;
}

type Direct = (context: object) => unknown;
type GrammarOp = { eval?: (...operands: unknown[]) => unknown; evalOnDemand?: unknown };
const grammarElements = (jexl as unknown as { _grammar: { elements: Record<string, GrammarOp | undefined> } })._grammar.elements;

/**
 * The expression as a plain function when it is made only of literals, names, `a.b` member reads and operators jexl
 * evaluates eagerly (`'0211' + $n`, `$v.x * 2`, `!$i.flag`): the same reads (ownValue, as the patched Identifier
 * handler), the same operator functions of the grammar, left before right, as jexl's evaluator does, without its
 * promise wrapper and evaluator object per node and evaluation. Anything else (functions, transforms, filters,
 * `a[k]`, conditionals, `&&`/`||`, array and object literals): undefined, jexl evaluates it.
 * test/core/expr/jexl.test.ts compares both on every form.
 */
function direct(n: AstNode): Direct | undefined {
  switch (n.type) {
    case 'Literal': {
      const v = n.value;
      return () => v;
    }
    case 'Identifier': {
      if (n.relative) return undefined;
      const key = n.value;
      if (n.from === undefined) return (c) => ownValue(c, key);
      const from = direct(n.from as AstNode);
      if (!from) return undefined;
      return (c) => {
        const h = from(c);
        return ownValue(Array.isArray(h) ? h[0] : h, key);
      };
    }
    case 'BinaryExpression': {
      const op = grammarElements[n.operator as string];
      if (!op || op.evalOnDemand || typeof op.eval !== 'function') return undefined;
      const left = direct(n.left as AstNode);
      const right = direct(n.right as AstNode);
      if (!left || !right) return undefined;
      return (c) => {
        const l = left(c);
        return op.eval!(l, right(c));
      };
    }
    case 'UnaryExpression': {
      const op = grammarElements[n.operator as string];
      if (!op || typeof op.eval !== 'function') return undefined;
      const right = direct(n.right as AstNode);
      if (!right) return undefined;
      return (c) => op.eval!(right(c));
    }
    default:
      return undefined;
  }
}

/** The expression evaluated by jexl's own evaluator, for tests that compare it with the direct form. */
export function evalWithJexl(source: string, context: object): unknown {
  return jexl.compile(source).evalSync(context);
}

/** Walk the syntax tree (its depth is bounded by checkBrackets); returns whether the expression is constant. */
function checkNames(node: unknown, source: string): boolean {
  if (!node || typeof node !== 'object') return true;
  if (Array.isArray(node)) {
    let c = true;
    for (const n of node) c = checkNames(n, source) && c;
    return c;
  }
  const n = node as AstNode;
  let constant = true;
  if (n.type === 'Identifier' && n.from === undefined) {
    if (!n.relative && !scope.has(n.value as string) && !literalNames.has(n.value as string)) {
      throw new ExpressionError(`unknown name '${String(n.value)}' in expression '${clip(source)}' (known: ${SCOPE_NAMES.join(', ')})`);
    }
    if (!literalNames.has(n.value as string)) constant = false;
  }
  if (n.type === 'FunctionCall') {
    if (!functionNames.has(n.name as string)) throw new ExpressionError(`unknown function '${String(n.name)}' in expression '${clip(source)}'`);
    if (!PURE.has(n.name as string) || owners.get(n.name as string) !== 'builtin') constant = false;
  }
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') constant = checkNames(v, source) && constant;
  return constant;
}
