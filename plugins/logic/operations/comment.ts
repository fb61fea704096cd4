// comment: does nothing but document the definition (and trace its text).
import { defineOperation, Type } from '../../../sdk/index.js';

export default defineOperation({
  type: 'comment',
  direction: 'local',
  description: 'No-op; `text` is written to the trace log',
  arguments: Type.Object({ text: Type.Optional(Type.String()) }),
  execute(ctx, args) {
    if (args.text) ctx.trace(1, args.text);
  },
});
