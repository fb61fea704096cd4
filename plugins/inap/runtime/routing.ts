// Routing of inbound Begins for the SCP role (sigtran's keys and registrations): a Begin opening with InitialDP or
// AssistRequestInstructions is named `inap:<Operation>|serviceKey:<n>`, `…|called:<digits>` (calledPartyNumber),
// `…|calledBCD:<digits>` (calledPartyBCDNumber), `…|correlationID:<digits>`, and `inap:<Operation>`; an SCP-role
// instance registers for one of them (`inap.scp_from_ssp.Register`) and takes only the calls it registered.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { BeginRouter } from '../../sigtran/api.js';
import { decodeArg } from '../../sigtran/codec/index.js';
import type { RegisterSpec, SegmentEntry } from '../../sigtran/user/index.js';
import { OPENING, opName } from '../catalogue.js';
import { argType } from '../codec/args.js';
import { variantOfAc } from '../contexts.js';
import type { InapConfig } from '../options.js';

/** The keys a definition may register by, and the decoded field each stands for. */
const KEYS: ReadonlyArray<[key: string, field: string]> = [['serviceKey', 'serviceKey'], ['called', 'calledPartyNumber_digits'], ['calledBCD', 'calledPartyBCDNumber_digits'], ['correlationID', 'correlationID_digits']];

/** The router of a service's gateways (its options give the variant of a Begin whose AC names none). */
export function inapRouter(options: InapConfig): BeginRouter {
  return {
    keys(m) {
      const c = m.components[0];
      const op = c?.type === 'invoke' ? opName(c.opcode) : undefined;
      if (!op || !OPENING.has(op) || c?.type !== 'invoke') return [];
      const at = argType(op, variantOfAc(m.ac?.oid) ?? options.defaultVariant);
      const f = at ? decodeArg(at, c.argument).fields : {};
      const keys = KEYS.filter(([, field]) => f[field] !== undefined).map(([k, field]) => `inap:${op}|${k}:${String(f[field])}`);
      return [...keys, `inap:${op}`];
    },
  };
}

/** `inap.scp_from_<ssp|srf>.Register`: expect a Begin opening with `operation`, correlated by one key (or any). */
export const INAP_REGISTER: RegisterSpec<InapConfig> = {
  operations: (s) => (s.role === 'scp' ? [...OPENING] : []),
  source: 'family.ts (INAP_REGISTER of runtime/routing.ts: one per SCP-side receive segment)',
  describe: (s: SegmentEntry) =>
    `Expect a new TCAP Begin from the ${s.peerName} opening with ${[...OPENING].join(' or ')}, correlated by one of ${KEYS.map(([, f]) => f).join(', ')} (none: any); Begins are routed to the instance that registered them, and while any instance is registered, unregistered ones are refused.`,
  arguments: (s, ops) => ({
    type: 'object',
    properties: {
      operation: { type: 'string', enum: [...ops], description: `The opening operation (default ${defaultOperation(s)})` },
      serviceKey: { type: 'integer' },
      calledPartyNumber_digits: { type: 'string' },
      calledPartyBCDNumber_digits: { type: 'string' },
      correlationID_digits: { type: 'string' },
    },
  }),
  key(ctx: OperationContext, type: string, s: SegmentEntry, _ops, args: JsonObject) {
    const op = String(args.operation ?? defaultOperation(s));
    if (!OPENING.has(op)) ctx.abort(`${type}: operation ${JSON.stringify(op)} does not open a dialogue (${[...OPENING].join(', ')})`);
    const given = KEYS.filter(([, field]) => args[field] !== undefined && args[field] !== null);
    if (given.length > 1) ctx.abort(`${type}: give one of ${KEYS.map(([, f]) => f).join(', ')} (or none: every ${op})`);
    return { key: given.length ? `inap:${op}|${given[0]![0]}:${String(args[given[0]![1]])}` : `inap:${op}`, op };
  },
};

const defaultOperation = (s: SegmentEntry) => (s.peer === 'srf' ? 'AssistRequestInstructions' : 'InitialDP');
