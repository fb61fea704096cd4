// The sdk's test entry point (`sdk/testing/index.ts`), kept apart from `sdk/index.ts` so that loading an operation
// never loads the Node test runner or the core's compiler: table tests of an operation's arguments.
export { testOperation, compileOperation, type OperationTestTable } from './operation-tester.js';
