// The one error type BER decoding throws: it says where (byte offset) and why.

/** What went wrong, for programs; `message` says the same for people. */
export type BerErrorKind =
  | 'truncated' // the buffer ends inside a tag, length or value
  | 'length' // a length is malformed, too large, or overruns the enclosing value
  | 'tag' // a tag is malformed or not the one expected
  | 'value' // the content of a primitive is invalid for its type (e.g. empty INTEGER, bad OID)
  | 'indefinite'; // indefinite length on a primitive, or a missing end-of-contents

export class BerError extends Error {
  readonly kind: BerErrorKind;
  /** Byte offset in the decoded buffer where the problem was found. */
  readonly offset: number;
  readonly reason: string;
  constructor(kind: BerErrorKind, offset: number, reason: string) {
    super(`BER ${kind} error at offset ${offset}: ${reason}`);
    this.name = 'BerError';
    this.kind = kind;
    this.offset = offset;
    this.reason = reason;
  }
}

export function isBerError(e: unknown): e is BerError {
  return e instanceof BerError;
}

/** Assert `cond` about the structure being read; a BerError 'tag' at `at` saying `what` otherwise. */
export function expectBer(cond: boolean, what: string, at: number): asserts cond {
  if (!cond) throw new BerError('tag', at, what);
}
