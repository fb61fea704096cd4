// One AVP as written in operation arguments, declared once (TypeBox: the JSON schema and the AvpItem type): a
// { name, value } (value: a scalar, or for Grouped AVPs a nested list or an object of AVP names), with { hex } for
// raw data and { code, vendor, type } for AVPs not in the dictionary.
import { Type, type Static } from '../../../sdk/index.js';
import { BASE_TYPES } from './types.js';

const avpItemSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, description: 'AVP name from the dictionary, "Session-Id_auto", or AVP-<code>[-V<vendor>].' })),
    value: Type.Optional(Type.Unknown({ description: 'The value: string, number, enumerated value name; a list or an object of AVPs for Grouped; null leaves the AVP out.' })),
    hex: Type.Optional(Type.String({ description: 'Raw AVP data as hex (instead of value): sends exactly these bytes.' })),
    code: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'AVP code, for AVPs not in the dictionary.' })),
    vendor: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Vendor-Id (sets the V flag).' })),
    type: Type.Optional(Type.Enum([...BASE_TYPES], { description: 'Base type, for AVPs not in the dictionary.' })),
    flags: Type.Optional(Type.String({ pattern: '^[VMPvmp]*$', description: 'AVP flags to send instead of the dictionary\'s (e.g. "" to clear M).' })),
  },
  { additionalProperties: false },
);

export type AvpItem = Static<typeof avpItemSchema>;

export const avpListSchema = Type.Array(avpItemSchema, { description: 'AVPs as [{ "name": ..., "value": ... }]; Grouped values are nested lists.' });
