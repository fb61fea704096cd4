// Codec variants (the application contexts that select them: ../contexts.ts).

export type Variant = 'cs1' | 'camel2' | 'camel3' | 'camel4';
export const VARIANTS: readonly Variant[] = ['cs1', 'camel2', 'camel3', 'camel4'];

/** Accepted spellings of a variant (the anchor uses `camel` for CAP v3, its default codec). */
const VARIANT_ALIASES: Record<string, Variant> = {
  cs1: 'cs1', etsi: 'cs1', inap: 'cs1', camel: 'camel3', cap: 'camel3',
  camel2: 'camel2', cap2: 'camel2', camel3: 'camel3', cap3: 'camel3', camel4: 'camel4', cap4: 'camel4',
};

export function parseVariant(v: unknown): Variant | undefined {
  return typeof v === 'string' ? VARIANT_ALIASES[v.toLowerCase()] : undefined;
}
