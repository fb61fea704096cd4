// The framing M3UA (RFC 4666 §3.1-3.2) and SUA (RFC 3868 §3.1-3.2) share: version 1, an 8-octet common header
// (version, reserved, class, type, 32-bit length), then parameters of a 16-bit tag and 16-bit length (header
// included) each padded to 4 octets; and the error a bad message raises, carrying the code an ERR reports.
// M3UA's DATA writer and decoder use the constants but keep their own inline loops (the bench's hot path).

export const UA_VERSION = 1;
export const COMMON_HEADER_LENGTH = 8;
/** A parameter's tag and length. */
export const PARAM_HEADER_LENGTH = 4;

/** A parameter's length on the wire: its header, its value and the padding to 4 octets. */
export function paramSize(vlen: number): number {
  return PARAM_HEADER_LENGTH + ((vlen + 3) & ~3);
}

/** The common header of a message of `size` octets into `b` (whose other octets are zero or written after). */
export function writeCommonHeader(b: Buffer, cls: number, type: number, size: number): void {
  b[0] = UA_VERSION;
  b[1] = 0; // reserved
  b[2] = cls;
  b[3] = type;
  b.writeUInt32BE(size, 4);
}

/** A bad message: `code` is the ERR error code (RFC 4666 §3.8.1, RFC 3868 §3.8.1), e.g. 0x12 parameter field error. */
export class UaError extends Error {
  constructor(
    protocol: string,
    codes: Readonly<Record<number, string>>,
    readonly code: number,
    readonly reason: string,
    readonly offset: number,
  ) {
    super(`${protocol} ${codes[code] ?? 'error ' + code} at offset ${offset}: ${reason}`);
  }
}
