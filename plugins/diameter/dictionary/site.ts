// A site dictionary as plugins.json writes it (the plugin's `dictionary`, and the JSON of `dictionary_files`,
// which the Dictionary checks itself): the schema the loader validates and the type the Dictionary reads.
import { RecordOf, Type, type Static } from '../../../sdk/index.js';

const siteApplication = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    vendor: Type.Optional(Type.Integer({ description: 'Vendor-Id of a vendor-specific application' })),
    kind: Type.Optional(Type.Enum(['auth', 'acct'], { description: 'Auth-Application-Id or Acct-Application-Id (default auth)' })),
  },
  { additionalProperties: false },
);

const siteCommand = Type.Object(
  {
    name: Type.String(),
    code: Type.Integer(),
    application_id: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], description: "Application id put in the header; absent: the session's or peer's default application" })),
    abbreviations: Type.Optional(Type.Array(Type.String(), { minItems: 2, maxItems: 2, description: 'Request and answer abbreviations (e.g. ["CCR", "CCA"])' })),
    proxiable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const siteAvp = Type.Object(
  {
    name: Type.String(),
    code: Type.Integer(),
    vendor: Type.Optional(Type.Integer({ description: 'Vendor-Id (0 or absent: IETF AVP, V flag clear)' })),
    type: Type.String({ description: 'Base type (OctetString, Unsigned32, Grouped, ...)' }),
    flags: Type.Optional(Type.String({ description: "Flags set when encoding: 'M', 'VM', 'V', '' (default: 'M', plus 'V' when vendor is set)" })),
    enum: Type.Optional(RecordOf(Type.Integer(), { description: 'Named values (Enumerated, or Unsigned32 AVPs with well-known values)' })),
  },
  { additionalProperties: false },
);

export const siteDictionarySchema = Type.Object(
  {
    vendors: Type.Optional(RecordOf(Type.String(), { description: 'Vendor-Id → name' })),
    applications: Type.Optional(Type.Array(siteApplication)),
    commands: Type.Optional(Type.Array(siteCommand)),
    avps: Type.Optional(Type.Array(siteAvp)),
  },
  { additionalProperties: false },
);

export type SiteDictionary = Static<typeof siteDictionarySchema>;
