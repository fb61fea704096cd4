// tcap.<role>_<to|from>_<peer>.Abort for the MAP role pairs: send a TCAP Abort on the pair's dialogue (U-Abort with
// abort-source u_source and user information u_info_0_octets, or with p_cause a P-Abort), or expect one.
import type { JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { receiveAbort, sendAbort } from '../../sigtran/api.js';
import type { MapConfig } from './config.js';
import { describeMessage } from './describe.js';
import { pairKey, session } from './session.js';

export interface AbortEntry {
  type: string;
  role: string;
  peer: string;
}

export function executeAbortSend(ctx: OperationContext, a: AbortEntry, args: JsonObject, cfg: MapConfig): OperationOutcome {
  return sendAbort(ctx, a.type, session(ctx, cfg).dialogues.get(pairKey(a.role, a.peer)), args);
}

export function executeAbortReceive(ctx: OperationContext, a: AbortEntry, args: JsonObject, cfg: MapConfig): Promise<OperationOutcome> {
  const md = session(ctx, cfg).dialogues.get(pairKey(a.role, a.peer));
  return receiveAbort(ctx, a.type, md, args, { describe: (m) => describeMessage(m, md?.context, md?.version) });
}
