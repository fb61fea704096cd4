// halt: end the instance here; it passes unless a check failed before.
import { defineOperation } from '../../../sdk/index.js';

export default defineOperation({
  type: 'halt',
  direction: 'local',
  description: 'End the instance now (passed unless a check failed)',
  arguments: { type: 'object', properties: {} },
  execute() {
    return { halt: true };
  },
});
