// THE jexl instance of the service (private, never the module singleton). Expressions are compiled once, at
// ExecuteTest; unknown names and functions are found then, by walking the syntax tree.
import jexlModule from 'jexl';
import { builtinFunctions } from './functions.js';

type JexlCtor = new () => JexlInstance;
export interface CompiledExpression {
  evalSync(context: object): unknown;
}
interface JexlInstance {
  compile(expr: string): CompiledExpression & { _getAst(): AstNode };
  addFunction(name: string, fn: (...a: any[]) => unknown): void;
  addTransform(name: string, fn: (...a: any[]) => unknown): void;
}
interface AstNode {
  type: string;
  [k: string]: unknown;
}

const JexlClass = (jexlModule as unknown as { Jexl: JexlCtor }).Jexl;
const jexl = new JexlClass();
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
export const SCOPE_NAMES = ['$v', '$g', '$i', '$n'] as const;
const scope = new Set<string>(SCOPE_NAMES);
/** jexl has no null literal: `null` and `undefined` read as absent names, which is what `$v.x == null` means. */
const literalNames = new Set(['null', 'undefined']);

export function addExpressionFunction(name: string, fn: (...a: any[]) => unknown, owner = 'builtin'): void {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`expression function name '${name}' is not an identifier`);
  if (functionNames.has(name) && owners.get(name) !== owner) throw new Error(`expression function '${name}' is already defined by ${owners.get(name)}`);
  owners.set(name, owner);
  jexl.addFunction(name, fn);
  jexl.addTransform(name, fn);
  functionNames.add(name);
}

export function expressionFunctionNames(): string[] {
  return [...functionNames].sort();
}

export class ExpressionError extends Error {}

/** jexl accepts some unclosed groups ('(', '($v.a + 1'); find them before it does. */
function checkBrackets(source: string): void {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
      if (i >= source.length) throw new ExpressionError(`bad expression '${source}': unterminated string`);
    } else if (c === '(' || c === '[' || c === '{') stack.push(c);
    else if (c in pairs) {
      if (stack.pop() !== pairs[c]) throw new ExpressionError(`bad expression '${source}': unexpected '${c}'`);
    }
  }
  if (stack.length) throw new ExpressionError(`bad expression '${source}': unclosed '${stack[stack.length - 1]}'`);
}

/** Compile, and check that every top-level name is a scope name and every function is known. */
export function compileExpression(source: string): CompiledExpression {
  checkBrackets(source);
  let compiled: CompiledExpression & { _getAst(): AstNode };
  try {
    compiled = jexl.compile(source);
  } catch (e) {
    throw new ExpressionError(`bad expression '${source}': ${(e as Error).message}`);
  }
  let ast: AstNode | null;
  try {
    ast = compiled._getAst();
  } catch (e) {
    throw new ExpressionError(`bad expression '${source}': ${(e as Error).message}`);
  }
  if (ast === null || ast === undefined) {
    throw new ExpressionError(`empty or incomplete expression '${source}' (for a literal string starting with a brace write "\\{...")`);
  }
  checkNames(ast, source);
  return compiled;
}

function checkNames(node: unknown, source: string): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) checkNames(n, source);
    return;
  }
  const n = node as AstNode;
  if (n.type === 'Identifier' && n.from === undefined && !n.relative && !scope.has(n.value as string) && !literalNames.has(n.value as string)) {
    throw new ExpressionError(`unknown name '${String(n.value)}' in expression '${source}' (known: ${SCOPE_NAMES.join(', ')})`);
  }
  if (n.type === 'FunctionCall' && !functionNames.has(n.name as string)) {
    throw new ExpressionError(`unknown function '${String(n.name)}' in expression '${source}'`);
  }
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') checkNames(v, source);
}
