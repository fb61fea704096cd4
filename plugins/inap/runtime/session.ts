// Per-instance state: the instance's dialogues (one per role: 'ssp', 'srf', 'scp:ssp', 'scp:srf'), the components
// of the last received message not yet consumed, the invoke ids to answer, and the cleanup at instance end.
import type { OperationContext } from '../../../sdk/index.js';
import { tcapTimeoutMs, type ApplicationContext, type BeginListener, type Component, type Dialogue, type DialoguePdu, type SigtranGateway, type TcapMessage } from '../../sigtran/api.js';
import type { Variant } from '../codec/variants.js';
import { configOf, type Config } from './config.js';

export interface RoleDialogue {
  d: Dialogue;
  variant: Variant;
  /** Components of `msg` and the index of the next one to hand out. */
  queue: readonly Component[];
  qi: number;
  msg: TcapMessage | undefined;
  /** Whether the next component handed out is the first of its message (its bytes get recorded). */
  firstOfMsg: boolean;
  /** AC of the first inbound message's dialogue portion (null = none); undefined before any arrived. */
  firstAc: ApplicationContext | null | undefined;
  /** Dialogue PDU (AARE) of the first inbound message, for tcap_result checks. */
  firstPdu: DialoguePdu | undefined;
  /** Last received invoke id per INAP operation (to answer with a result or error); created on first use. */
  received: Record<string, number> | undefined;
  /** Last sent invoke id per INAP operation (to match a result). */
  sent: Record<string, number> | undefined;
  /** The dialogue is over (End or Abort sent or received). */
  ended: boolean;
  endReason: string;
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

export function newRoleDialogue(d: Dialogue, variant: Variant): RoleDialogue {
  return { d, variant, queue: [], qi: 0, msg: undefined, firstOfMsg: false, firstAc: undefined, firstPdu: undefined, received: undefined, sent: undefined, ended: false, endReason: '' };
}

/** The instance's session, created (with its end-of-instance cleanup) on first use. */
export function session(ctx: OperationContext): Session {
  return ctx.state('inap', () => {
    const s: Session = { dialogues: new Map(), all: [], cfg: configOf(ctx.gateway()), registrations: undefined };
    ctx.defer(() => closeAll(s));
    return s;
  });
}

/** Close what is still open when the instance ends, as `end_open_dialogues` says. Never throws. */
export function closeAll(s: Session): void {
  for (const rd of s.all) {
    if (rd.ended) continue;
    rd.ended = true;
    try {
      const st = rd.d.state;
      if (st === 'ended') continue;
      if (st === 'idle' || st === 'initiated' || s.cfg.endOpenDialogues === 'abort') rd.d.close();
      else if (s.cfg.endOpenDialogues === 'prearranged') rd.d.end({ prearranged: true });
      else rd.d.end();
    } catch {
      try {
        rd.d.release();
      } catch {
        /* already released */
      }
    }
  }
  s.dialogues.clear();
  s.all.length = 0;
}

/** How long an inbound wait of this instance may take, ms: the run's scp.tcap_timeout, else the gateway's tcapTimeoutMs. */
export function inboundWaitMs(ctx: OperationContext): number {
  return tcapTimeoutMs(ctx.run.params) ?? (ctx.gateway() as SigtranGateway | undefined)?.config.tcapTimeoutMs ?? 10_000;
}
