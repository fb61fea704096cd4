// Where a dialogue's messages go and come from (its ends), and what a dialogue starts from.
import type { ApplicationContext } from '../ac.js';
import type { SccpAddress } from '../api.js';

/**
 * A dialogue's addresses (decoded and encoded: called = remote, calling = local) and MTP3 point codes. Read only: the
 * dialogues opened towards one peer share one (a field each was 48 bytes of every call held in flight); a dialogue
 * whose peer answers from elsewhere gets its own.
 */
export interface DialogueEnds {
  readonly local: SccpAddress;
  readonly remote: SccpAddress;
  readonly localEnc: Uint8Array;
  readonly remoteEnc: Uint8Array;
  readonly opc: number;
  readonly dpc: number;
}

/** What a dialogue starts from: its state, AC and ends. */
export interface DialogueSetup {
  state: 'idle' | 'received';
  ac: ApplicationContext | null;
  ends: DialogueEnds;
}

/** Whether `a` holds the octets of `b`. */
export function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
