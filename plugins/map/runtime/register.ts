// Inbound Begins for the tester's responder roles: an operation expecting an invoke on a role pair without an open
// dialogue takes the next Begin that opens with that operation.
import type { OperationContext } from '../../../sdk/index.js';
import type { SigtranGateway, TcapMessage } from '../../sigtran/api.js';
import { mapContextOf, operationOf, type MessageEntry } from '../catalogue.js';
import type { MapConfig } from './config.js';
import { inboundWaitMs } from './session.js';
import { peerName, waitError } from './receive.js';

/** The MAP operation a Begin opens with (by its first invoke and its AC), if any. */
export function openingOperation(m: TcapMessage): string | undefined {
  const c = m.components[0];
  if (!c || c.type !== 'invoke' || typeof c.opcode !== 'number') return undefined;
  const mc = mapContextOf(m.ac);
  return operationOf(c.opcode, mc?.context, mc?.version)?.name;
}

export async function acceptOpening(ctx: OperationContext, e: MessageEntry, _cfg: MapConfig): Promise<TcapMessage> {
  const gw = ctx.gateway() as SigtranGateway;
  try {
    return await gw.acceptBegin({ filter: (m) => openingOperation(m) === e.op.name }, { timeoutMs: inboundWaitMs(ctx), signal: ctx.signal });
  } catch (err) {
    waitError(ctx, e.name, peerName(e), err);
  }
}
