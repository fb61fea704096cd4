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
for (const [name, fn] of Object.entries(builtinFunctions)) {
  jexl.addFunction(name, fn);
  jexl.addTransform(name, fn);
  functionNames.add(name);
}

/** The names expressions may start from. */
export const SCOPE_NAMES = ['$v', '$g', '$i', '$n'] as const;
const scope = new Set<string>(SCOPE_NAMES);

export function addExpressionFunction(name: string, fn: (...a: any[]) => unknown): void {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`expression function name '${name}' is not an identifier`);
  if (functionNames.has(name)) throw new Error(`expression function '${name}' is already defined`);
  jexl.addFunction(name, fn);
  jexl.addTransform(name, fn);
  functionNames.add(name);
}

export function expressionFunctionNames(): string[] {
  return [...functionNames].sort();
}

export class ExpressionError extends Error {}

/** Compile, and check that every top-level name is a scope name and every function is known. */
export function compileExpression(source: string): CompiledExpression {
  let compiled: CompiledExpression & { _getAst(): AstNode };
  try {
    compiled = jexl.compile(source);
  } catch (e) {
    throw new ExpressionError(`bad expression '${source}': ${(e as Error).message}`);
  }
  checkNames(compiled._getAst(), source);
  return compiled;
}

function checkNames(node: unknown, source: string): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) checkNames(n, source);
    return;
  }
  const n = node as AstNode;
  if (n.type === 'Identifier' && n.from === undefined && !n.relative && !scope.has(n.value as string)) {
    throw new ExpressionError(`unknown name '${String(n.value)}' in expression '${source}' (known: ${SCOPE_NAMES.join(', ')})`);
  }
  if (n.type === 'FunctionCall' && !functionNames.has(n.name as string)) {
    throw new ExpressionError(`unknown function '${String(n.name)}' in expression '${source}'`);
  }
  for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') checkNames(v, source);
}
