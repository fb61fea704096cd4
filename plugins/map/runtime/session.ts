// Per-instance state: one current TCAP dialogue per role pair (`hlr|scp`: the tester as HLR towards the SCP), the
// components of the last received message not yet consumed, the invoke ids to answer, and the cleanup when the
// instance ends (dialogues still open are closed as `end_open_dialogues` says).
import type { OperationContext } from '../../../sdk/index.js';
import { closeUserDialogues, UserDialogueState, type BeginListener, type Dialogue, type UserDialogue } from '../../sigtran/api.js';
import type { MapConfig } from './config.js';

export interface MapDialogue extends UserDialogue {
  /** The application-context version the dialogue runs in (decides opcodes and types: forwardSM 46 vs 44). */
  version: number;
  /** TS 29.002 context name of the dialogue's AC, when it is a MAP context. */
  context: string | undefined;
  /** The MAP-DialoguePDU of the Begin that opened it (`tcap.map_open...`), for a dialogue the peer opened. */
  mapDialogue: Record<string, unknown> | undefined;
  /** Last invoke id received / sent per operation name. */
  received: Map<string, number>;
  sent: Map<string, number>;
}

export interface MapSession {
  dialogues: Map<string, MapDialogue>;
  all: MapDialogue[];
  /** The instance's registrations for inbound Begins, by operation name (closed with the instance's signal). */
  registrations: Map<string, BeginListener>;
}

export const pairKey = (role: string, peer: string) => `${role}|${peer}`;

class MapDialogueState extends UserDialogueState implements MapDialogue {
  mapDialogue: Record<string, unknown> | undefined = undefined;
  readonly received = new Map<string, number>();
  readonly sent = new Map<string, number>();
  constructor(d: Dialogue, readonly version: number, readonly context: string | undefined) {
    super(d);
  }
}

export function newDialogue(d: Dialogue, version: number, context: string | undefined): MapDialogue {
  return new MapDialogueState(d, version, context);
}

/** The instance's session, created (with its end-of-instance cleanup) on first use. */
export function session(ctx: OperationContext, cfg: MapConfig): MapSession {
  return ctx.state('map', () => {
    const s: MapSession = { dialogues: new Map(), all: [], registrations: new Map() };
    ctx.defer(() => {
      closeUserDialogues(s.all, cfg.endOpenDialogues);
      s.dialogues.clear();
      s.all.length = 0;
    });
    return s;
  });
}

export function addDialogue(s: MapSession, key: string, md: MapDialogue): void {
  s.dialogues.set(key, md);
  s.all.push(md);
}
