// Tag classes and the universal tag numbers SS7 protocols use.

/** Tag class (the two top bits of the identifier octet). */
export const TagClass = {
  Universal: 0,
  Application: 1,
  Context: 2,
  Private: 3,
} as const;
export type TagClass = (typeof TagClass)[keyof typeof TagClass];

/** Universal tag numbers. */
export const Universal = {
  EndOfContents: 0,
  Boolean: 1,
  Integer: 2,
  BitString: 3,
  OctetString: 4,
  Null: 5,
  ObjectIdentifier: 6,
  ObjectDescriptor: 7,
  External: 8,
  Real: 9,
  Enumerated: 10,
  Utf8String: 12,
  Sequence: 16,
  Set: 17,
  NumericString: 18,
  PrintableString: 19,
  IA5String: 22,
  UtcTime: 23,
  GeneralizedTime: 24,
  VisibleString: 26,
} as const;

const CLASS_NAMES = ['UNIVERSAL', 'APPLICATION', 'CONTEXT', 'PRIVATE'] as const;

/** `[CONTEXT 2]`, `[APPLICATION 11]`, `[UNIVERSAL 16]`: for error messages and traces. */
export function tagName(cls: number, tagNumber: number): string {
  return `[${CLASS_NAMES[cls & 3]} ${tagNumber}]`;
}
