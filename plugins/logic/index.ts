// The built-in logic operations: set, assert, branch, wait, comment, halt and the flow
// controls call, repeat, choose, parallel (run by the engine). Written through the same SDK as
// every protocol plugin.
import { definePlugin } from '../../sdk/index.js';
import set from './operations/set.js';
import assertOp from './operations/assert.js';
import branch from './operations/branch.js';
import wait from './operations/wait.js';
import comment from './operations/comment.js';
import halt from './operations/halt.js';
import flowControl from './operations/flow-control.js';

export default definePlugin({
  name: 'logic',
  version: '0.1.0',
  // every worker of `tester serve --workers N` loads it (docs/workers.md)
  multiplied: true,
  description: 'Logic and control operations: set, assert, branch, wait, comment, halt, call, repeat, choose, parallel',
  builtin: true,
  setup(api) {
    for (const op of [set, assertOp, branch, wait, comment, halt, ...flowControl]) api.operation(op);
  },
});
