// A MAP dialogue of an instance: the kit's TCAP-user dialogue with the application-context version it runs in (which
// decides opcodes and types: forwardSM 46 vs mt-forwardSM 44), its context, and the MAP-OPEN of a peer's Begin.
import type { Dialogue } from '../sigtran/api.js';
import { TcapUserDialogue } from '../sigtran/user/index.js';

export class MapDialogue extends TcapUserDialogue {
  /** The MAP-DialoguePDU of the Begin that opened it (`tcap.map_open...`), for a dialogue the peer opened. */
  mapDialogue: Record<string, unknown> | undefined = undefined;
  /** Its first Invoke comes in a Continue (the peer opened it with an empty Begin): the MAP-OPEN goes with it. */
  openedEmpty = false;
  /** Open it again in the version the peer names when it refuses this one (the opening operation's `ac_fallback`). */
  acFallback = false;
  constructor(
    d: Dialogue,
    readonly version: number,
    /** TS 29.002 context name of the dialogue's AC, when it is a MAP context of the table. */
    readonly context: string | undefined,
  ) {
    super(d);
  }
}
