// jexl 2.3.0 ships no types for its evaluator modules; core/expr/jexl.ts patches their member reads.
declare module 'jexl/dist/evaluator/handlers.js' {
  const handlers: Record<string, unknown>;
  export default handlers;
}
declare module 'jexl/dist/evaluator/Evaluator.js' {
  const Evaluator: { prototype: Record<string, unknown> };
  export default Evaluator;
}
declare module 'jexl/dist/Lexer.js' {
  const Lexer: unknown;
  export default Lexer;
}
