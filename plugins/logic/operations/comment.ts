// comment: does nothing but document the definition (and trace its text).
import { defineOperation } from '../../../sdk/index.js';

export default defineOperation<{ text?: string }>({
  type: 'comment',
  direction: 'local',
  description: 'No-op; `text` is written to the trace log',
  arguments: { type: 'object', properties: { text: { type: 'string' } } },
  execute(ctx, args) {
    if (args.text) ctx.trace(1, args.text);
  },
});
