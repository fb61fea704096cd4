// The plugin's options (plugins.json), declared once: the TypeBox schema gives the JSON schema the loader validates
// (with its defaults) and the static type; the defaults of a caller that gives fewer (scp-sim, tests) come from it.
import { Type, type Static } from '../../sdk/index.js';
import { parseVariant, variantSchema, type Variant } from './codec/variants.js';

const choice = <T extends string>(values: readonly T[], dflt: T, description: string) => Type.Optional(Type.Unsafe<T>({ type: 'string', enum: values, default: dflt, description }));

export const optionsSchema = Type.Object(
  {
    default_variant: Type.Optional(variantSchema('Codec variant when neither the operation\'s `variant`, the dialogue\'s application context nor `inap.variant` names one', { default: 'camel3' })),
    reset_timer: choice(['ignore', 'abort'], 'ignore', 'Inbound ResetTimer while another operation is awaited: skip it (ignore) or abort'),
    activity_test: choice(['auto', 'answer', 'abort'], 'auto', 'Inbound ActivityTest: answered by the dialogue the moment it arrives (auto), when the definition next waits for another operation (answer), or unexpected (abort)'),
    end_open_dialogues: choice(['end', 'abort', 'prearranged'], 'end', 'A dialogue still open when the instance ends: TCAP End, U-Abort, or released silently (prearranged)'),
    ipssp_capabilities_hex: Type.Optional(Type.String({ pattern: '^([0-9a-fA-F]{2}){1,4}$', default: '01', description: 'iPSSPCapabilities sent in CAP AssistRequestInstructions when the definition gives none' })),
  },
  { additionalProperties: false },
);

/** The options as setup() gets them: every default applied. */
export type InapOptions = Required<Static<typeof optionsSchema>>;

/** The options with the variant they name parsed once. */
export type InapConfig = Readonly<InapOptions> & { readonly defaultVariant: Variant };

const DEFAULTS = Object.fromEntries(Object.entries(optionsSchema.properties).map(([k, s]) => [k, (s as unknown as { default: unknown }).default])) as InapOptions;

/** The options of `given` over the defaults. */
export function inapConfig(given?: Partial<InapOptions>): InapConfig {
  const o = { ...DEFAULTS, ...given };
  return { ...o, defaultVariant: parseVariant(o.default_variant) ?? parseVariant(DEFAULTS.default_variant)! };
}

/** The process-wide options of code that runs without a service (the scp-sim command): the defaults until set. */
export let processConfig: InapConfig = inapConfig();

export function configure(given: Partial<InapOptions> | undefined): void {
  processConfig = inapConfig(given);
}
