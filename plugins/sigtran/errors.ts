// Errors the gateway reports to protocol plugins. Each has a readable message fit for ctx.abort().

export type SigtranErrorKind =
  | 'timeout' // no inbound message within the wait time
  | 'cancelled' // the wait's AbortSignal fired (instance ended)
  | 'ended' // the dialogue is over (End/Abort received or sent) and nothing more will arrive
  | 'down' // the gateway instance is not up (association lost)
  | 'state' // the call is not allowed in the dialogue's current state (e.g. send after End)
  | 'encode' // a value could not be encoded (bad address, argument too large)
  | 'config'; // invalid configuration

export class SigtranError extends Error {
  readonly kind: SigtranErrorKind;
  constructor(kind: SigtranErrorKind, message: string) {
    super(message);
    this.name = 'SigtranError';
    this.kind = kind;
  }
}

export function isSigtranError(e: unknown): e is SigtranError {
  return e instanceof SigtranError;
}
