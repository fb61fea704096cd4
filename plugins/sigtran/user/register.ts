// `<family>.<segment>.Register`: the instance registers for the inbound Begins it takes (the gateway's routing by
// keys, docs/plugins/sigtran.md "Routing inbound Begins"); the family says which key its arguments name.
import type { JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import type { SigtranGateway } from '../api.js';
import type { FamilyOptions, TcapUserDialogue } from './session.js';
import type { Bound, SegmentEntry } from './spec.js';

export function executeRegister<R, D extends TcapUserDialogue, O extends FamilyOptions>(ctx: OperationContext, b: Bound<R, D, O>, type: string, seg: SegmentEntry, ops: readonly string[], args: JsonObject): OperationOutcome {
  const reg = b.spec.register!;
  const { key, op, refuse } = reg.key(ctx, type, seg, ops, args, b.options);
  const gw = ctx.gateway() as SigtranGateway;
  if (reg.router) gw.addRouter(reg.router);
  const s = b.session(ctx);
  s.registrations?.get(op)?.close();
  (s.registrations ??= new Map()).set(op, gw.register(key, { signal: ctx.endSignal, capacity: 4, refuse }));
  ctx.trace(1, `${type}: registered for ${key}`);
  return { result: { key, operation: op } };
}
