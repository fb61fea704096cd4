// JSON schema of the `avps` arguments: a list of { name, value } (value: a scalar, or for Grouped AVPs a nested
// list or an object of AVP names), with { hex } for raw data and { code, vendor, type } for AVPs not in the dictionary.
import type { JsonSchema } from '../../../sdk/types.js';
import { BASE_TYPES } from '../codec/types.js';

export const avpItemSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, description: 'AVP name from the dictionary, "Session-Id_auto", or AVP-<code>[-V<vendor>].' },
    value: { description: 'The value: string, number, enumerated value name; a list or an object of AVPs for Grouped; null leaves the AVP out.' },
    hex: { type: 'string', description: 'Raw AVP data as hex (instead of value): sends exactly these bytes.' },
    code: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'AVP code, for AVPs not in the dictionary.' },
    vendor: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'Vendor-Id (sets the V flag).' },
    type: { enum: BASE_TYPES as unknown as string[], description: 'Base type, for AVPs not in the dictionary.' },
    flags: { type: 'string', pattern: '^[VMPvmp]*$', description: 'AVP flags to send instead of the dictionary\'s (e.g. "" to clear M).' },
  },
};

export const avpListSchema: JsonSchema = {
  type: 'array',
  items: avpItemSchema,
  description: 'AVPs as [{ "name": ..., "value": ... }]; Grouped values are nested lists.',
};
