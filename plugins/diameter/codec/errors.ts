// Decoding and encoding errors of the Diameter codec. Every failure on bad bytes is a DiameterCodecError that names
// what was wrong, where (byte offset in the message) and the RFC 6733 Result-Code a peer answers it with.

/** RFC 6733 §7.1 protocol and permanent-failure codes used by the codec. */
export const CodecResult = {
  INVALID_HDR_BITS: 3008,
  INVALID_AVP_BITS: 3009,
  AVP_UNSUPPORTED: 5001,
  INVALID_AVP_VALUE: 5004,
  MISSING_AVP: 5005,
  UNSUPPORTED_VERSION: 5011,
  UNABLE_TO_COMPLETE: 5012,
  INVALID_AVP_LENGTH: 5014,
  INVALID_MESSAGE_LENGTH: 5015,
} as const;

export class DiameterCodecError extends Error {
  /** Result-Code a Diameter node answers this fault with (RFC 6733 §7.1). */
  readonly resultCode: number;
  /** Byte offset in the message (or in the buffer given to the decoder) where the fault was found. */
  readonly offset: number;
  /** Code of the AVP at fault, when the fault is inside an AVP. */
  readonly avpCode: number | undefined;
  constructor(message: string, resultCode: number, offset: number, avpCode?: number) {
    super(message);
    this.name = 'DiameterCodecError';
    this.resultCode = resultCode;
    this.offset = offset;
    this.avpCode = avpCode;
  }
}

export function isCodecError(e: unknown): e is DiameterCodecError {
  return e instanceof DiameterCodecError;
}
