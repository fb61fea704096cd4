// Per-instance state: one current TCAP dialogue per role pair (`hlr|scp`: the tester as HLR towards the SCP), the
// components of the last received message not yet consumed, the invoke ids to answer, and the cleanup when the
// instance ends (dialogues still open are closed as `end_open_dialogues` says).
import type { OperationContext } from '../../../sdk/index.js';
import { tcapTimeoutMs, type ApplicationContext, type BeginListener, type Component, type Dialogue, type DialoguePdu, type SigtranGateway, type TcapMessage } from '../../sigtran/api.js';
import type { MapConfig } from './config.js';

export interface MapDialogue {
  d: Dialogue;
  /** The application-context version the dialogue runs in (decides opcodes and types: forwardSM 46 vs 44). */
  version: number;
  /** TS 29.002 context name of the dialogue's AC, when it is a MAP context. */
  context: string | undefined;
  queue: readonly Component[];
  qi: number;
  msg: TcapMessage | undefined;
  firstOfMsg: boolean;
  /** AC and dialogue PDU of the first inbound message (tcap_ac / tcap_result checks); undefined before one arrived. */
  firstAc: ApplicationContext | null | undefined;
  firstPdu: DialoguePdu | undefined;
  /** The MAP-DialoguePDU of the Begin that opened it (`tcap.map_open...`), for a dialogue the peer opened. */
  mapDialogue: Record<string, unknown> | undefined;
  /** Last invoke id received / sent per operation name. */
  received: Map<string, number>;
  sent: Map<string, number>;
  ended: boolean;
  endReason: string;
}

export interface MapSession {
  dialogues: Map<string, MapDialogue>;
  all: MapDialogue[];
  /** The instance's registrations for inbound Begins, by operation name (closed with the instance's signal). */
  registrations: Map<string, BeginListener>;
}

export const pairKey = (role: string, peer: string) => `${role}|${peer}`;

export function newDialogue(d: Dialogue, version: number, context: string | undefined): MapDialogue {
  return {
    d, version, context, queue: [], qi: 0, msg: undefined, firstOfMsg: false, firstAc: undefined, firstPdu: undefined, mapDialogue: undefined,
    received: new Map(), sent: new Map(), ended: false, endReason: '',
  };
}

/** The instance's session, created (with its end-of-instance cleanup) on first use. */
export function session(ctx: OperationContext, cfg: MapConfig): MapSession {
  return ctx.state('map', () => {
    const s: MapSession = { dialogues: new Map(), all: [], registrations: new Map() };
    ctx.defer(() => closeAll(s, cfg));
    return s;
  });
}

export function addDialogue(s: MapSession, key: string, md: MapDialogue): void {
  s.dialogues.set(key, md);
  s.all.push(md);
}

/** Close what is still open when the instance ends. Never throws. */
function closeAll(s: MapSession, cfg: MapConfig): void {
  for (const md of s.all) {
    if (md.ended) continue;
    md.ended = true;
    try {
      const st = md.d.state;
      if (st === 'ended') continue;
      if (st === 'idle' || st === 'initiated' || cfg.endOpenDialogues === 'abort') md.d.close();
      else md.d.end();
    } catch {
      md.d.release();
    }
  }
  s.dialogues.clear();
  s.all.length = 0;
}

/** How long an inbound wait may take, ms: the run's scp.tcap_timeout, else the gateway's tcapTimeoutMs. */
export function inboundWaitMs(ctx: OperationContext): number {
  return tcapTimeoutMs(ctx.run.params) ?? (ctx.gateway() as SigtranGateway | undefined)?.config.tcapTimeoutMs ?? 10_000;
}
