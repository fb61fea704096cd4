// Routing of inbound Begins for the SCP role (sigtran's keys and registrations): a Begin opening with InitialDP or
// AssistRequestInstructions is named `inap:<Operation>|serviceKey:<n>`, `…|called:<digits>` (calledPartyNumber),
// `…|calledBCD:<digits>` (calledPartyBCDNumber), `…|correlationID:<digits>`, and `inap:<Operation>`; an SCP-role
// instance registers for one of them (`inap.scp_from_ssp.Register`) and takes only the calls it registered.
import type { JsonObject, OperationContext, OperationOutcome } from '../../../sdk/index.js';
import type { BeginRouter, SigtranGateway } from '../../sigtran/api.js';
import { decodeArg } from '../../sigtran/codec/index.js';
import { OPENING, opName } from '../catalogue.js';
import { argType } from '../codec/args.js';
import { variantOfAc } from '../contexts.js';
import { configOf } from './config.js';
import { session } from './session.js';

/** The keys a definition may register by, and the decoded field each stands for. */
const KEYS: ReadonlyArray<[key: string, field: string]> = [['serviceKey', 'serviceKey'], ['called', 'calledPartyNumber_digits'], ['calledBCD', 'calledPartyBCDNumber_digits'], ['correlationID', 'correlationID_digits']];

export function inapRouter(gateway: SigtranGateway): BeginRouter {
  return {
    keys(m) {
      const c = m.components[0];
      const op = c?.type === 'invoke' ? opName(c.opcode) : undefined;
      if (!op || !OPENING.has(op) || c?.type !== 'invoke') return [];
      const at = argType(op, variantOfAc(m.ac?.oid) ?? configOf(gateway).defaultVariant);
      const f = at ? decodeArg(at, c.argument).fields : {};
      const keys = KEYS.filter(([, field]) => f[field] !== undefined).map(([k, field]) => `inap:${op}|${k}:${String(f[field])}`);
      return [...keys, `inap:${op}`];
    },
  };
}

/** `inap.scp_from_<ssp|srf>.Register`: expect a Begin opening with `operation`, correlated by one key (or any). */
export function executeRegister(ctx: OperationContext, type: string, dialogueKey: string, args: JsonObject): OperationOutcome {
  const op = String(args.operation ?? (dialogueKey === 'scp:srf' ? 'AssistRequestInstructions' : 'InitialDP'));
  if (!OPENING.has(op)) ctx.abort(`${type}: operation ${JSON.stringify(op)} does not open a dialogue (${[...OPENING].join(', ')})`);
  const given = KEYS.filter(([, field]) => args[field] !== undefined && args[field] !== null);
  if (given.length > 1) ctx.abort(`${type}: give one of ${KEYS.map(([, f]) => f).join(', ')} (or none: every ${op})`);
  const key = given.length ? `inap:${op}|${given[0]![0]}:${String(args[given[0]![1]])}` : `inap:${op}`;
  const s = session(ctx);
  s.registrations?.get(op)?.close();
  (s.registrations ??= new Map()).set(op, (ctx.gateway() as SigtranGateway).register(key, { signal: ctx.endSignal, capacity: 4 }));
  ctx.trace(1, `${type}: registered for ${key}`);
  return { result: { key, operation: op } };
}
