// The diameter plugin's options in plugins.json: its peer instances, the default one, and the site dictionary
// (inline and files), as a type and as the JSON schema the service validates them with.
import type { JsonSchema } from '../../sdk/index.js';
import type { SiteDictionary } from './dictionary/types.js';
import { peerConfigSchema } from './peer/config.js';

export interface DiameterOptions {
  instances?: Record<string, unknown>[];
  default?: string;
  dictionary?: SiteDictionary;
  dictionary_files?: string[];
}

const siteDictionarySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    vendors: { type: 'object', additionalProperties: { type: 'string' } },
    applications: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, vendor: { type: 'integer' }, kind: { enum: ['auth', 'acct'] } },
      },
    },
    commands: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'code'],
        properties: {
          name: { type: 'string' }, code: { type: 'integer' }, application_id: { type: ['integer', 'null'] },
          abbreviations: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 }, proxiable: { type: 'boolean' },
        },
      },
    },
    avps: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'code', 'type'],
        properties: {
          name: { type: 'string' }, code: { type: 'integer' }, vendor: { type: 'integer' }, type: { type: 'string' },
          flags: { type: 'string' }, enum: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
    },
  },
};

export const optionsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    instances: { type: 'array', items: peerConfigSchema },
    default: { type: 'string', minLength: 1 },
    dictionary: siteDictionarySchema,
    dictionary_files: { type: 'array', items: { type: 'string', minLength: 1 } },
  },
};

