// Codec variants and the TCAP application contexts that select them.

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

/** Application-context OIDs (dotted) that imply a variant: INAP CS-1 and CAP v2..v4 contexts. */
const AC_VARIANT: Record<string, Variant> = {
  '0.4.0.1.1.1.0.0': 'cs1', '0.4.0.1.1.1.1.0': 'cs1', '0.4.0.1.1.1.2.0': 'cs1', '0.4.0.1.1.1.3.0': 'cs1',
  '0.4.0.0.1.0.50.0': 'camel2', '0.4.0.0.1.0.50.1': 'camel2', '0.4.0.0.1.0.51.1': 'camel2', '0.4.0.0.1.0.52.1': 'camel2',
  '0.4.0.0.1.21.3.4': 'camel3', '0.4.0.0.1.21.3.6': 'camel3', '0.4.0.0.1.20.3.14': 'camel3',
  '0.4.0.0.1.23.3.4': 'camel4', '0.4.0.0.1.23.3.6': 'camel4', '0.4.0.0.1.23.3.8': 'camel4', '0.4.0.0.1.22.3.14': 'camel4',
};

/** The alias we send for each variant when the definition names no application context for an SRF dialogue. */
export const SRF_AC: Record<Variant, string> = {
  cs1: '0.4.0.1.1.1.2.0', camel2: '0.4.0.0.1.0.52.1', camel3: '0.4.0.0.1.20.3.14', camel4: '0.4.0.0.1.22.3.14',
};

/** The gsmSSF/SSP-to-SCP context of each variant. */
export const SSP_AC: Record<Variant, string> = {
  cs1: '0.4.0.1.1.1.0.0', camel2: '0.4.0.0.1.0.50.1', camel3: '0.4.0.0.1.21.3.4', camel4: '0.4.0.0.1.23.3.4',
};

/** Variant implied by an AC given as alias, dotted OID or BER-content hex; undefined when unknown. */
export function variantOfAc(ac: string | undefined | null): Variant | undefined {
  if (!ac) return undefined;
  const a = ac.toLowerCase();
  const v = parseVariant(a.replace(/_.*$/, ''));
  if (v) return v;
  if (AC_VARIANT[a]) return AC_VARIANT[a];
  if (/^[0-9a-f]+$/.test(a) && a.length % 2 === 0) return AC_VARIANT[oidFromHex(a)];
  return undefined;
}

function oidFromHex(h: string): string {
  const b = Buffer.from(h, 'hex');
  if (b.length === 0) return '';
  const arcs: number[] = [Math.min(2, Math.floor(b[0]! / 40)), b[0]! - 40 * Math.min(2, Math.floor(b[0]! / 40))];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if ((b[i]! & 0x80) === 0) {
      arcs.push(v);
      v = 0;
    }
  }
  return arcs.join('.');
}
