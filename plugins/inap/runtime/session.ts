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

/**
 * The instance's INAP state. Most instances have one role and one dialogue: the first role's current dialogue is in
 * two fields and the list of all dialogues is made with its first (no Map and no grown array per in-flight instance).
 */
export class Session {
  private key1: string | undefined = undefined;
  private rd1: RoleDialogue | undefined = undefined;
  private more: Map<string, RoleDialogue> | undefined = undefined;
  /** Every dialogue the instance opened or accepted (a second InitialDP starts another call), for cleanup. */
  all: RoleDialogue[] | undefined = undefined;
  /** Registrations for inbound Begins (`inap.scp_from_*.Register`) by operation, closed with the instance; made on first use. */
  registrations: Map<string, BeginListener> | undefined = undefined;
  /** The plugin options of the service running the instance. */
  constructor(readonly cfg: Config) {}

  /** The current dialogue of a role. */
  dialogue(key: string): RoleDialogue | undefined {
    return key === this.key1 ? this.rd1 : this.more?.get(key);
  }

  /** Make `rd` the role's current dialogue. */
  add(key: string, rd: RoleDialogue): void {
    if (this.key1 === undefined || this.key1 === key) {
      this.key1 = key;
      this.rd1 = rd;
    } else (this.more ??= new Map()).set(key, rd);
    if (this.all) this.all.push(rd);
    else this.all = [rd];
  }

  /** Close what is still open when the instance ends, as `end_open_dialogues` says. Never throws. */
  closeAll(): void {
    if (this.all) closeUserDialogues(this.all, this.cfg.endOpenDialogues);
    this.key1 = this.rd1 = this.more = this.all = undefined;
  }
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

/** Module functions, not closures per instance: session() is called several times per operation. */
function newSession(ctx: OperationContext): Session {
  const s = new Session(configOf(ctx.gateway()));
  ctx.defer(closeSession);
  return s;
}

function closeSession(ctx: OperationContext): void {
  session(ctx).closeAll();
}
