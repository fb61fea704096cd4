// A site-specific plugin, as docs/plugin-authoring.md builds it: number-range allocation for test subscribers.
// It uses only the sdk. Enable it in plugins.json with {"module": "./examples/plugins/numbering/index.ts", "options": {...}}.
import { definePlugin } from '../../../sdk/index.js';
import { luhnDigit } from './luhn.js';
import allocate from './operations/local/Allocate.js';
import { NumberRange } from './range.js';

export interface NumberingOptions {
  ranges: Record<string, { first: string; last: string }>;
}

export default definePlugin<NumberingOptions>({
  name: 'numbering',
  version: '1.0.0',
  description: 'Allocates test numbers from configured ranges; adds numbering_luhn() to expressions',
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ranges: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['first', 'last'],
          additionalProperties: false,
          properties: { first: { type: 'string', pattern: '^[0-9]{1,15}$' }, last: { type: 'string', pattern: '^[0-9]{1,15}$' } },
        },
        default: {},
      },
    },
  },
  setup(api, options) {
    const ranges = new Map(Object.entries(options.ranges).map(([name, r]) => [name, new NumberRange(name, r.first, r.last)]));
    api.operation(allocate(ranges));
    api.expressionFunction('numbering_luhn', (digits: unknown) => String(digits) + luhnDigit(String(digits)));
    api.log('info', `ranges: ${[...ranges.keys()].join(', ') || 'none'}`);
  },
});
