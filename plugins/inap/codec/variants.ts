// Codec variants and their names (the application contexts that select them: ../contexts.ts).
import { Type } from '../../../sdk/index.js';

export type Variant = 'cs1' | 'camel2' | 'camel3' | 'camel4';
export const VARIANTS: readonly Variant[] = ['cs1', 'camel2', 'camel3', 'camel4'];

/** Every name of a variant that definitions and options may use (the anchor uses `camel` for CAP v3). */
export const VARIANT_NAMES = {
  cs1: 'cs1', etsi: 'cs1', inap: 'cs1', camel: 'camel3', cap: 'camel3',
  camel2: 'camel2', cap2: 'camel2', camel3: 'camel3', cap3: 'camel3', camel4: 'camel4', cap4: 'camel4',
} as const satisfies Record<string, Variant>;
export type VariantName = keyof typeof VARIANT_NAMES;

const BY_NAME: Readonly<Record<string, Variant>> = VARIANT_NAMES;

/** The variant a name stands for (case-insensitive), undefined for anything else. */
export function parseVariant(v: unknown): Variant | undefined {
  return typeof v === 'string' ? BY_NAME[v.toLowerCase()] : undefined;
}

/** The schema of a variant name (`extra`: further accepted values, e.g. an operation's `generic`). */
export function variantSchema<E extends string = never>(description: string, opts: { extra?: readonly E[]; default?: VariantName } = {}) {
  return Type.Unsafe<VariantName | E>({ type: 'string', enum: [...Object.keys(VARIANT_NAMES), ...(opts.extra ?? [])], description, ...(opts.default ? { default: opts.default } : {}) });
}
