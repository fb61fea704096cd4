// One REST client instance as plugins.json declares it (`instances[]` of the rest plugin): the schema the loader
// validates and, from the same declaration, the type RestClient reads.
import { httpClientSchemaProperties, Type, type Static } from '../../../sdk/index.js';

/** Keep-alive connections per instance unless `connections` says otherwise. */
export const REST_CONNECTIONS = 16;

export const restInstanceSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    base_url: Type.Optional(Type.String({ pattern: '^https?://', description: '`http(s)://host:port/base/path`: request paths are appended to it' })),
    url: Type.Optional(Type.String({ pattern: '^https?://', description: 'another name for base_url' })),
    ...httpClientSchemaProperties(REST_CONNECTIONS),
  },
  { additionalProperties: false, anyOf: [{ required: ['base_url'] }, { required: ['url'] }] },
);

export type RestInstanceOptions = Static<typeof restInstanceSchema>;
