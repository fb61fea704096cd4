// The plugin's options (plugins.json), declared once: the TypeBox schema gives the JSON schema the loader validates
// (with its defaults) and the static type; a caller that gives fewer (tests) gets the defaults from it.
import { Type, type Static } from '../../sdk/index.js';

export const optionsSchema = Type.Object(
  {
    end_open_dialogues: Type.Optional(Type.Unsafe<'end' | 'abort'>({ type: 'string', enum: ['end', 'abort'], default: 'end', description: 'What happens to a MAP dialogue still open when the test instance ends: a TCAP End, or a U-Abort' })),
  },
  { additionalProperties: false },
);

/** The options as setup() gets them: every default applied. */
export type MapOptions = Required<Static<typeof optionsSchema>>;

const DEFAULTS = Object.fromEntries(Object.entries(optionsSchema.properties).map(([k, s]) => [k, (s as unknown as { default: unknown }).default])) as MapOptions;

/** The options of `given` over the defaults. */
export function mapOptions(given?: Partial<MapOptions>): MapOptions {
  return { ...DEFAULTS, ...given };
}
