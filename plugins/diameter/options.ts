// The diameter plugin's options in plugins.json: its peer instances, the default one, and the site dictionary
// (inline and files), declared once: the JSON schema the service validates them with and their static type.
import { Type, type Static } from '../../sdk/index.js';
import { siteDictionarySchema } from './dictionary/site.js';
import { peerOptionsSchema } from './peer/config.js';

export const optionsSchema = Type.Object(
  {
    instances: Type.Optional(Type.Array(peerOptionsSchema)),
    default: Type.Optional(Type.String({ minLength: 1, description: 'The peer used when a run names none (default: the first)' })),
    dictionary: Type.Optional(siteDictionarySchema),
    dictionary_files: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { description: 'Site dictionary files (JSON, the shape of `dictionary`), relative to the working directory' })),
  },
  { additionalProperties: false },
);

export type DiameterOptions = Static<typeof optionsSchema>;
