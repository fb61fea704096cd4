// halt: end the instance here; it passes unless a check failed before.
import { defineOperation, Type } from '../../../sdk/index.js';

export default defineOperation({
  type: 'halt',
  direction: 'local',
  description: 'End the instance now (passed unless a check failed)',
  arguments: Type.Object({}),
  execute() {
    return { halt: true };
  },
});
