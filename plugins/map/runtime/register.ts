// Routing of inbound Begins to the instance that expects them (the anchor's Register): the map plugin names every
// Begin that opens with a MAP operation by keys — `map:<Operation>|msisdn:<digits>`, `…|imsi:<digits>`,
// `…|dref:<digits>` (the MAP-OPEN destination reference), and `map:<Operation>` — and an instance registers for
// one of them (`map.<role>_from_<peer>.Register`), or, when it did not, waits for any Begin of the operation.
// While some instance has registered for an operation, its Begins that match no registration are refused at once
// (with the MAP error the registering run configures, else a TCAP U-Abort) and counted by the gateway.
import type { JsonObject, OperationContext } from '../../../sdk/index.js';
import type { BeginRouter, SigtranGateway, TcapMessage } from '../../sigtran/api.js';
import { inboundWaitMs, type MessageEntry, type RegisterSpec, type SegmentEntry } from '../../sigtran/user/index.js';
import { MAP_OPERATIONS, mapContextOf, operationOf, operationsOf, resolveError, versionIn, type MapOperation } from '../catalogue.js';
import { decodeMapDialogue } from '../codec/dialogue.js';
import { decodeMessage } from '../codec/message.js';
import type { MapOptions } from '../options.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The MAP operation a Begin opens with (by its first invoke and its AC), if any. */
export function openingOperation(m: TcapMessage): MapOperation | undefined {
  const c = m.components[0];
  if (!c || c.type !== 'invoke' || typeof c.opcode !== 'number') return undefined;
  const mc = mapContextOf(m.ac);
  return operationOf(c.opcode, mc?.context, mc?.version);
}

const kindOf = (op: MapOperation | string) => `map:${typeof op === 'string' ? op : op.name}`;

/** The subscriber keys of a decoded argument: MSISDN and IMSI at the top (shorthands included), in SM-RP-DA/OA or in
 *  CancelLocation's identity. */
function subscriberKeys(fields: Obj): string[] {
  const out: string[] = [];
  for (const holder of [fields, fields['sm-RP-DA'], fields['sm-RP-OA'], fields.identity]) {
    if (!isObj(holder)) continue;
    if (typeof holder.msisdn_digits === 'string') out.push(`msisdn:${holder.msisdn_digits}`);
    if (typeof holder.imsi_digits === 'string') out.push(`imsi:${holder.imsi_digits}`);
  }
  return out;
}

export interface OpeningInvoke {
  op: MapOperation;
  version: number;
  /** The decoded argument (flattened form), or the reason it cannot be decoded. */
  fields: Obj;
  error: string | undefined;
}

const openings = new WeakMap<TcapMessage, OpeningInvoke | null>();

/** The operation, version and decoded argument of the Invoke a Begin opens with (decoded once per Begin). */
export function openingInvoke(m: TcapMessage): OpeningInvoke | undefined {
  let o = openings.get(m);
  if (o === undefined) {
    const op = openingOperation(m);
    const c = m.components[0];
    if (!op || c?.type !== 'invoke') o = null;
    else {
      const v = versionIn(op, mapContextOf(m.ac));
      const version = v !== undefined && op.versions[v] ? v : op.defaultVersion;
      const r = decodeMessage(op, 'invoke', version, c.argument);
      o = { op, version, fields: r.fields, error: r.ok ? undefined : r.error };
    }
    openings.set(m, o);
  }
  return o ?? undefined;
}

/** The operations the opening invoke stands for in the Begin's context and version, the opening operation last (its
 *  kind is the Begin's: forwardSM in shortMsgRelayContext-v1 is MO and MT, and whichever an instance waits for gets it). */
function sharing(o: OpeningInvoke, m: TcapMessage): MapOperation[] {
  const mc = mapContextOf(m.ac);
  const c = m.components[0];
  if (!mc || c?.type !== 'invoke' || typeof c.opcode !== 'number') return [o.op];
  return [...operationsOf(c.opcode, mc.context, mc.version).filter((op) => op !== o.op), o.op];
}

/** Keys of an inbound Begin (see the top of this file); [] when it does not open with a MAP operation of the table. */
export const mapRouter: BeginRouter = {
  keys(m) {
    const o = openingInvoke(m);
    const empty = !o && m.components.length === 0 ? mapContextOf(m.ac) : undefined;
    if (!o && !empty) return [];
    // an empty Begin (TS 29.002 annex C.2.1) names its operation by its AC alone: every one of the context's version
    const keys = o ? subscriberKeys(o.fields) : [];
    const dlg = m.dialoguePdu?.type === 'aarq' ? decodeMapDialogue(m.dialoguePdu.userInformation) : undefined;
    const dref = isObj(dlg?.map_open) ? (dlg.map_open as Obj).destination_reference_digits : undefined;
    if (typeof dref === 'string') keys.push(`dref:${dref}`);
    const ops = o ? sharing(o, m) : operationsOf(undefined, empty!.context, empty!.version);
    return ops.flatMap((op) => [...keys.map((k) => `${kindOf(op)}|${k}`), kindOf(op)]);
  },
};

/** Refuse a Begin with a MAP ReturnError in a TCAP End. */
function refuseWithError(code: number): (m: TcapMessage) => void {
  return (m) => {
    const c = m.components[0];
    // an empty Begin has no Invoke to answer with an error: the dialogue is refused with a U-Abort
    if (c?.type !== 'invoke') return void m.dialogue.abort();
    m.dialogue.returnError({ invokeId: c.invokeId, errorCode: code });
    m.dialogue.end();
  };
}

/** The operations the tester receives as the segment's role from its peer. */
function receivedOperations(s: SegmentEntry): MapOperation[] {
  return MAP_OPERATIONS.filter((op) => op.pairs.some(([inv, resp]) => inv === s.peer && resp === s.role));
}

const opcodes = (o: MapOperation) => [...new Set(Object.values(o.versions).map((v) => v.opcode))].join('/');

/** `map.<role>_from_<peer>.Register`, for each receive segment whose role answers an operation of the peer. */
export const MAP_REGISTER: RegisterSpec<MapOptions> = {
  operations: (s) => receivedOperations(s).map((o) => o.name),
  source: 'family.ts (MAP_REGISTER of runtime/register.ts: one per role pair whose role answers operations)',
  router: mapRouter,
  describe: (s, ops) =>
    `Expect a new TCAP Begin from the ${s.peerName} for an operation (${ops.join(', ')}), correlated by MSISDN, IMSI or the MAP-OPEN destination reference: Begins are routed to the instance that registered them; while any instance is registered, unregistered ones are refused.`,
  arguments: (s) => ({
    type: 'object',
    required: ['opcode'],
    properties: {
      opcode: { type: ['integer', 'string'], description: `The operation: its code or name (${receivedOperations(s).map((o) => `${o.name} ${opcodes(o)}`).join(', ')})` },
      msisdn_digits: { type: 'string', description: 'The MSISDN the Begin carries (in the argument, or SM-RP-OA)' },
      imsi_digits: { type: 'string', description: 'The IMSI the Begin carries (in the argument, or SM-RP-DA)' },
      destination_reference_digits: { type: 'string', description: 'The MAP-OPEN destination reference of the Begin (network-initiated USSD, MT-ForwardSM by LMSI)' },
      refuse_error: { type: ['string', 'integer'], description: 'Refuse Begins of this operation that no instance registered with this MAP error (name or code) instead of a TCAP Abort' },
    },
  }),
  key(ctx: OperationContext, type: string, s: SegmentEntry, _ops, args: JsonObject) {
    const ops = receivedOperations(s);
    const want = args.opcode;
    const op = ops.find((o) => o.name === want || Object.values(o.versions).some((v) => v.opcode === Number(want)));
    if (!op) ctx.abort(`${type}: opcode ${JSON.stringify(want)} is not an operation the ${s.role.toUpperCase()} receives from the ${s.peer.toUpperCase()} (${ops.map((o) => `${o.name} ${opcodes(o)}`).join(', ')})`);
    const given = (['msisdn_digits', 'imsi_digits', 'destination_reference_digits'] as const).filter((k) => args[k] !== undefined && args[k] !== null);
    if (given.length > 1) ctx.abort(`${type}: give one of msisdn_digits, imsi_digits, destination_reference_digits (or none: every ${op.name})`);
    const detail = given[0] === 'destination_reference_digits' ? `dref:${args[given[0]]}` : given[0] ? `${given[0].replace('_digits', '')}:${args[given[0]]}` : undefined;
    let refuse: ((m: TcapMessage) => void) | undefined;
    if (args.refuse_error !== undefined && args.refuse_error !== null) {
      const err = resolveError(args.refuse_error);
      if (!err) ctx.abort(`${type}: refuse_error ${JSON.stringify(args.refuse_error)} is neither a MAP error name nor a code`);
      refuse = refuseWithError(err.code);
    }
    return { key: detail ? `${kindOf(op)}|${detail}` : kindOf(op), op: op.name, refuse };
  },
};

/** The next Begin opening with the entry's operation, when the instance registered for none: any such Begin. */
export async function awaitOpening(ctx: OperationContext, e: MessageEntry<MapOperation>): Promise<TcapMessage> {
  const gw = ctx.gateway() as SigtranGateway;
  gw.addRouter(mapRouter);
  const listener = gw.register(kindOf(e.op), { signal: ctx.endSignal, capacity: 1 });
  try {
    return await listener.next({ timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal });
  } finally {
    listener.close();
  }
}
