// tcap.<role>_<to|from>_<peer>.Abort: send a TCAP Abort on the role's dialogue (U-Abort, abort-source user or
// provider, or with p_cause a P-Abort), or expect one (U- or P-Abort).
import type { JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import { receiveAbort, sendAbort } from '../../sigtran/api.js';
import { describeMessage } from './describe.js';
import { session } from './session.js';

export function executeAbortSend(ctx: OperationContext, name: string, key: string, args: JsonObject): OperationOutcome {
  return sendAbort(ctx, name, session(ctx).dialogue(key), args);
}

export function executeAbortReceive(ctx: OperationContext, name: string, key: string, args: JsonObject): Promise<OperationOutcome> {
  return receiveAbort(ctx, name, session(ctx).dialogue(key), args, { describe: describeMessage });
}
