// Per-instance state: the instance's dialogues (one per role: 'ssp', 'srf', 'scp:ssp', 'scp:srf'), the components
// of the last received message not yet consumed, the invoke ids to answer, and the cleanup at instance end.
import type { OperationContext } from '../../../sdk/index.js';
import { closeUserDialogues, UserDialogueState, type BeginListener, type Dialogue, type UserDialogue } from '../../sigtran/api.js';
import type { Variant } from '../codec/variants.js';
import { configOf, type Config } from './config.js';

export interface RoleDialogue extends UserDialogue {
  variant: Variant;
  /** Last received invoke id per INAP operation (to answer with a result or error); created on first use. */
  received: Record<string, number> | undefined;
  /** Last sent invoke id per INAP operation (to match a result). */
  sent: Record<string, number> | undefined;
}

export interface Session {
  /** The current dialogue of each role. */
  dialogues: Map<string, RoleDialogue>;
  /** Every dialogue the instance opened or accepted (a second InitialDP starts another call), for cleanup. */
  all: RoleDialogue[];
  /** The plugin options of the service running the instance. */
  cfg: Config;
  /** Registrations for inbound Begins (`inap.scp_from_*.Register`) by operation, closed with the instance; made on first use. */
  registrations: Map<string, BeginListener> | undefined;
}

/** Make `rd` the role's current dialogue. */
export function addDialogue(s: Session, key: string, rd: RoleDialogue): void {
  s.dialogues.set(key, rd);
  s.all.push(rd);
}

class InapDialogue extends UserDialogueState implements RoleDialogue {
  received: Record<string, number> | undefined = undefined;
  sent: Record<string, number> | undefined = undefined;
  constructor(d: Dialogue, readonly variant: Variant) {
    super(d);
  }
}

export function newRoleDialogue(d: Dialogue, variant: Variant): RoleDialogue {
  return new InapDialogue(d, variant);
}

/** The instance's session, created (with its end-of-instance cleanup) on first use. */
export function session(ctx: OperationContext): Session {
  return ctx.state('inap', newSession);
}

/** A module function, not a closure per call: session() is called several times per operation. */
function newSession(ctx: OperationContext): Session {
  const s: Session = { dialogues: new Map(), all: [], cfg: configOf(ctx.gateway()), registrations: undefined };
  ctx.defer(() => closeAll(s));
  return s;
}

/** Close what is still open when the instance ends, as `end_open_dialogues` says. Never throws. */
export function closeAll(s: Session): void {
  closeUserDialogues(s.all, s.cfg.endOpenDialogues);
  s.dialogues.clear();
  s.all.length = 0;
}
