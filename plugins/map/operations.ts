// Every operation type of the plugin, registered in one loop from the catalogue: per role pair the messages of
// each operation (`map.<role>_<to|from>_<peer>.<Name>`, `…<Name>Result`, `…<Name>Error`), and per role pair
// `tcap.<role>_<to|from>_<peer>.Abort` and, where the role answers operations, `map.<role>_from_<peer>.Register`.
import { defineOperation, type JsonObject, type JsonSchema, type OperationDefinition } from '../../sdk/index.js';
import { argProperties, fieldProperties } from '../sigtran/codec/index.js';
import { defaultAc, MAP_OPERATIONS, messageEntries, rolePairs, ROLE_NAMES, type MessageEntry } from './catalogue.js';
import { fieldAt, messageType } from './codec/message.js';
import { ERROR_PARAMS } from './codec/types.js';
import { ABORT_RECEIVE_ARGUMENTS, ABORT_SEND_ARGUMENTS } from '../sigtran/api.js';
import { executeAbortReceive, executeAbortSend } from './runtime/abort.js';
import type { MapConfig } from './runtime/config.js';
import { executeReceive, RECEIVE_CONTROL } from './runtime/receive.js';
import { executeRegister } from './runtime/register.js';
import { executeSend } from './runtime/send.js';

const EMPTY: JsonObject = Object.freeze({}) as JsonObject;
/** Dotted keys (`locationInformation.vlr-number_digits`) name nested fields; checked when encoded or matched. */
const DOTTED = { '^!?[A-Za-z][A-Za-z0-9_-]*[.]': {} };
const STR_OR_INT = { type: ['string', 'integer'] };

/** The fields of a message in every version of its operation, shorthands and text forms included. */
function messageProperties(e: MessageEntry): Record<string, unknown> {
  const op = e.op;
  const props: Record<string, unknown> = {};
  if (e.wire === 'error') {
    props.errorCode = { ...STR_OR_INT, description: `MAP error: a name (${op.errors.join(', ')}, ...) or a code` };
    props.parameter_hex = { type: 'string', description: 'The error parameter as hex of one TLV (instead of its fields)' };
    for (const n of op.errors) if (ERROR_PARAMS[n]) argProperties(ERROR_PARAMS[n]!, props);
    return props;
  }
  for (const v of Object.keys(op.versions).map(Number)) {
    const at = messageType(op, e.wire, v);
    if (!at) continue;
    argProperties(at, props);
    for (const [short, path] of Object.entries((e.wire === 'invoke' ? op.shorthands : op.resultShorthands) ?? {})) {
      const f = fieldAt(at, path);
      if (f) fieldProperties(props, short, f.ty);
    }
  }
  if (props.ussdString) props.ussdString_text = { type: 'string', description: 'The USSD text, coded as ussdDataCodingScheme says (GSM 7-bit by default, UCS2 when needed)' };
  if (op.tpdu && e.wire === 'invoke') props['sm-RP-UI_tpdu'] = { type: 'object', description: `The SM-RP-UI as an ${op.tpdu === 'mo' ? 'SMS-SUBMIT' : 'SMS-DELIVER'} TPDU: text, ${op.tpdu === 'mo' ? 'da_digits' : 'oa_digits'}, dcs, concat_ref/total/seq, ...` };
  return props;
}

function sendSchema(e: MessageEntry): JsonSchema {
  const props: Record<string, unknown> = {
    ...messageProperties(e),
    send_with_next: { type: 'boolean', description: 'Queue this component and send it with the next outbound operation.' },
    send_and_close: { type: 'boolean', description: `Send it in a TCAP End (true) or a Continue (false); default ${e.wire !== 'invoke' && e.op.endsDialogue ? 'End' : 'Begin/Continue'}.` },
  };
  if (e.wire === 'invoke') {
    props.tcap_ac = { type: ['string', 'null'], description: `AC of the TCAP Begin when this opens the dialogue: alias, dotted OID or hex; null = none (default ${e.role === 'hlr' ? 'the run\'s hlr_ac, else ' : ''}${defaultAc(e.op)}).` };
    props.tcap = { type: 'object', description: 'MAP-OPEN of the Begin: { map_open: { destination_reference_digits, _noa, _npi, origination_reference_digits, ... } }' };
  }
  return { type: 'object', properties: props, patternProperties: DOTTED, ...(e.wire === 'error' ? { required: ['errorCode'] } : {}) };
}

function receiveSchema(e: MessageEntry): JsonSchema {
  const props: Record<string, unknown> = {
    ...messageProperties(e),
    last_component: { type: ['integer', 'boolean'], description: '1: must be the last component of a TCAP End; 0: must not.' },
    tcap_ac: { type: ['string', 'null'], description: 'Expected AC of the first inbound dialogue portion; null = none.' },
    tcap_result: { type: 'integer', minimum: 0, maximum: 1, description: 'Expected AARE result: 0 accepted, 1 reject-permanent.' },
    tcap_result_diagnostic_user: { type: 'integer', description: 'Expected AARE dialogue-service-user diagnostic.' },
    tcap_result_diagnostic_provider: { type: 'integer', description: 'Expected AARE dialogue-service-provider diagnostic.' },
  };
  if (e.wire === 'invoke') props.tcap = { type: 'object', description: 'Expected MAP-OPEN of the Begin: { map_open: { destination_reference_digits, ... } }' };
  return { type: 'object', properties: props, patternProperties: DOTTED };
}

const peer = (r: string) => ROLE_NAMES[r] ?? r.toUpperCase();

function describe(e: MessageEntry): string {
  const op = e.op;
  const codes = [...new Set(Object.values(op.versions).map((v) => v.opcode))].join('/');
  const what = e.wire === 'invoke' ? `${op.name} (${op.asn}, opcode ${codes})` : e.wire === 'result' ? `the result of ${op.name}` : `a MAP error for ${op.name} (ReturnError)`;
  if (e.direction === 'send') return `Send ${what} to the ${peer(e.peer)}${e.wire === 'invoke' ? `; opens a TCAP dialogue (Begin, AC ${e.role === 'hlr' ? 'hlr_ac or ' : ''}${defaultAc(op)}) unless one is open` : ''}.`;
  return `Expect ${what} from the ${peer(e.peer)}${e.wire === 'invoke' ? ' (in a new Begin when no dialogue is open)' : ''}; any other message aborts the instance.`;
}

/** Where the type's data lives: its row of the table and the codec types of what it carries. */
function sourceOf(e: MessageEntry): string {
  const row = `catalogue.ts MAP_OPERATIONS ${e.op.name}`;
  if (e.wire === 'error') return `${row}.errors; parameters: codec/types.ts ERROR_PARAMS`;
  const types = Object.entries(e.op.versions).map(([v, d]) => `v${v} ${(e.wire === 'invoke' ? d.arg : d.res) ?? 'no parameter'}`);
  return `${row}.versions (${types.join(', ')}: codec/types.ts TYPES)`;
}

export function mapOperations(cfg: MapConfig): OperationDefinition[] {
  const out: OperationDefinition[] = [];
  for (const e of messageEntries()) {
    const common = { type: `map.${e.segment}.${e.name}`, aliases: e.aliases, gateway: 'sigtran', description: describe(e), source: sourceOf(e) };
    out.push(e.direction === 'send'
      ? defineOperation({ ...common, direction: 'send', arguments: sendSchema(e), execute: (ctx, args: JsonObject) => executeSend(ctx, e, args ?? EMPTY, cfg) })
      : defineOperation({ ...common, direction: 'receive', arguments: receiveSchema(e), controlArguments: [...RECEIVE_CONTROL], settlesOnEnd: true, execute: (ctx, args: JsonObject) => executeReceive(ctx, e, args ?? EMPTY, cfg) }));
  }
  out.push(...registerTypes(cfg));
  for (const [role, p] of rolePairs()) {
    const send = { type: `tcap.${role}_to_${p}.Abort`, role, peer: p };
    const recv = { type: `tcap.${role}_from_${p}.Abort`, role, peer: p };
    out.push(defineOperation({
      type: send.type, direction: 'send', gateway: 'sigtran', source: 'operations.ts (one per role pair of catalogue.ts)',
      description: `Send a TCAP Abort on the dialogue with the ${peer(p)}: a U-Abort (ABRT abort-source u_source), or with p_cause a P-Abort.`,
      arguments: ABORT_SEND_ARGUMENTS,
      execute: (ctx, args: JsonObject) => executeAbortSend(ctx, send, args ?? EMPTY, cfg),
    }));
    out.push(defineOperation({
      type: recv.type, direction: 'receive', gateway: 'sigtran', source: 'operations.ts (one per role pair of catalogue.ts)',
      description: `Expect a TCAP Abort (U-Abort or P-Abort) on the dialogue with the ${peer(p)}.`,
      arguments: { ...ABORT_RECEIVE_ARGUMENTS, properties: { ...ABORT_RECEIVE_ARGUMENTS.properties, reason: { type: 'string' } } },
      execute: (ctx, args: JsonObject) => executeAbortReceive(ctx, recv, args ?? EMPTY, cfg),
    }));
  }
  return out;
}

/** `map.<role>_from_<peer>.Register` for each role pair whose role answers an operation of the peer. */
function registerTypes(cfg: MapConfig): OperationDefinition[] {
  return rolePairs()
    .map(([role, p]) => ({ role, peer: p, type: `map.${role}_from_${p}.Register`, ops: MAP_OPERATIONS.filter((o) => o.pairs.some(([inv, resp]) => inv === p && resp === role)) }))
    .filter((r) => r.ops.length > 0)
    .map((r) => defineOperation({
      type: r.type, direction: 'local', gateway: 'sigtran', source: 'operations.ts registerTypes (one per role pair of catalogue.ts)',
      description: `Expect a new TCAP Begin from the ${peer(r.peer)} for an operation (${r.ops.map((o) => o.name).join(', ')}), correlated by MSISDN, IMSI or the MAP-OPEN destination reference: Begins are routed to the instance that registered them; while any instance is registered, unregistered ones are refused.`,
      arguments: {
        type: 'object',
        required: ['opcode'],
        properties: {
          opcode: { type: ['integer', 'string'], description: `The operation: its code or name (${r.ops.map((o) => `${o.name} ${[...new Set(Object.values(o.versions).map((v) => v.opcode))].join('/')}`).join(', ')})` },
          msisdn_digits: { type: 'string', description: 'The MSISDN the Begin carries (in the argument, or SM-RP-OA)' },
          imsi_digits: { type: 'string', description: 'The IMSI the Begin carries (in the argument, or SM-RP-DA)' },
          destination_reference_digits: { type: 'string', description: 'The MAP-OPEN destination reference of the Begin (network-initiated USSD, MT-ForwardSM by LMSI)' },
          refuse_error: { type: ['string', 'integer'], description: 'Refuse Begins of this operation that no instance registered with this MAP error (name or code) instead of a TCAP Abort' },
        },
      },
      execute: (ctx, args: JsonObject) => executeRegister(ctx, r, args ?? EMPTY, cfg, MAP_OPERATIONS),
    }));
}
