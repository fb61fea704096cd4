// The plugin's operation types, registered in one loop from the table of catalogue.ts: for every row, component
// and segment an `inap.<segment>.<Name>` type (send or receive), and for every segment `tcap.<segment>.Abort`.
// Each type's `source` names the row (and the codec type) that defines it: `tester ops <type>` shows it.
import { defineOperation, type JsonObject, type OperationDefinition } from '../../sdk/index.js';
import { OPENING, OPERATIONS, OPERATION_ENTRIES, SEGMENTS, type OpEntry, type OperationRow, type Segment } from './catalogue.js';
import { ARG_TYPES, RESULT_TYPES } from './codec/args.js';
import { executeSend } from './runtime/send.js';
import { prepareSend } from './runtime/static-check.js';
import { executeReceive } from './runtime/receive.js';
import { ABORT_RECEIVE_ARGUMENTS, ABORT_SEND_ARGUMENTS } from '../sigtran/api.js';
import { executeAbortReceive, executeAbortSend } from './runtime/abort.js';
import { executeRegister } from './runtime/routing.js';
import { receiveSchema, sendSchema } from './argument-schema.js';

const PEERS: Record<string, string> = { scp: 'SCP', ssp: 'SSP', srf: 'SRF' };
const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

/** Where the type's data lives: its row of the table and the codec type of what it carries. */
function sourceOf(e: OpEntry): string {
  const row: OperationRow = OPERATIONS[e.op as keyof typeof OPERATIONS];
  const at = `catalogue.ts OPERATIONS.${e.op}`;
  if (e.wire === 'error') return `${at}.error (errorCode only)`;
  const [type, table, types] = e.wire === 'result' ? [row.result?.type ?? null, 'RESULT_TYPES', RESULT_TYPES] : [row.argument, 'ARG_TYPES', ARG_TYPES];
  const where = e.wire === 'result' ? `${at}.result` : at;
  // the table and the codec must agree: a row naming an argument type the codec lacks (or the reverse) fails the boot
  if ((type !== null) !== (types[e.op] !== undefined)) {
    throw new Error(`${where} says ${type ?? 'no argument'}, but codec/args.ts ${table} ${types[e.op] ? 'has' : 'has no'} entry ${e.op}`);
  }
  return type ? `${where}; ${type}: codec/args.ts ${table}.${e.op}` : `${where} (no argument)`;
}

function messageType(e: OpEntry): OperationDefinition {
  const type = `inap.${e.segment}.${e.name}`;
  const aliases = e.alias ? [`inap.${e.alias}.${e.name}`] : [];
  const peer = PEERS[e.peer]!;
  const source = sourceOf(e);
  if (e.direction === 'send') {
    const opening = OPENING.has(e.name) && e.role !== 'scp';
    const spec = { type, name: e.name, dialogueKey: e.dialogueKey };
    return defineOperation({
      type,
      aliases,
      direction: 'send',
      gateway: 'sigtran',
      description: `Send ${e.name} to the ${peer}${opening ? ' (opens a TCAP dialogue: Begin)' : ''}.`,
      source,
      arguments: sendSchema(e.name, opening),
      prepare: (args: JsonObject, pctx) => prepareSend(e.name, e.dialogueKey, args ?? EMPTY, pctx),
      execute: (ctx, args: JsonObject) => executeSend(ctx, spec, args ?? EMPTY),
    });
  }
  const spec = { type, name: e.name, dialogueKey: e.dialogueKey, peer };
  return defineOperation({
    type,
    aliases,
    direction: 'receive',
    gateway: 'sigtran',
    description: `Expect ${e.name} from the ${peer}; any other message aborts the instance.`,
    source,
    arguments: receiveSchema(e.name),
    controlArguments: ['last_component', 'tcap_ac', 'variant', 'tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider'],
    settlesOnEnd: true, // every wait (dialogue receive, inbound Begin) listens to ctx.endSignal
    execute: (ctx, args: JsonObject) => executeReceive(ctx, spec, args ?? EMPTY),
  });
}

function abortType(s: Segment): OperationDefinition {
  const type = `tcap.${s.segment}.Abort`;
  const aliases = s.alias ? [`tcap.${s.alias}.Abort`] : [];
  const source = 'operation-types.ts abortType (one per segment of catalogue.ts SEGMENTS)';
  if (s.direction === 'send') {
    return defineOperation({
      type,
      aliases,
      direction: 'send',
      gateway: 'sigtran',
      description: 'Send a TCAP Abort on the dialogue: a U-Abort (ABRT abort-source u_source), or with p_cause a P-Abort.',
      source,
      arguments: ABORT_SEND_ARGUMENTS,
      execute: (ctx, args: JsonObject) => executeAbortSend(ctx, type, s.dialogueKey, args ?? {}),
    });
  }
  return defineOperation({
    type,
    aliases,
    direction: 'receive',
    gateway: 'sigtran',
    description: 'Expect a TCAP Abort (U-Abort or P-Abort) on the dialogue.',
    source,
    arguments: ABORT_RECEIVE_ARGUMENTS,
    execute: (ctx, args: JsonObject) => executeAbortReceive(ctx, type, s.dialogueKey, args ?? {}),
  });
}

/** `inap.scp_from_<ssp|srf>.Register`: the SCP role registers for the Begins it should take (runtime/routing.ts). */
function registerType(s: Segment): OperationDefinition {
  const type = `inap.${s.segment}.Register`;
  return defineOperation({
    type,
    direction: 'local',
    gateway: 'sigtran',
    description: `Expect a new TCAP Begin from the ${PEERS[s.peer]} opening with InitialDP or AssistRequestInstructions, correlated by one of serviceKey, calledPartyNumber_digits, calledPartyBCDNumber_digits, correlationID_digits (none: any); Begins are routed to the instance that registered them, and while any instance is registered, unregistered ones are refused.`,
    source: 'operation-types.ts registerType (one per SCP-side receive segment)',
    arguments: {
      type: 'object',
      properties: {
        operation: { type: 'string', enum: [...OPENING], description: `The opening operation (default ${s.peer === 'srf' ? 'AssistRequestInstructions' : 'InitialDP'})` },
        serviceKey: { type: 'integer' },
        calledPartyNumber_digits: { type: 'string' },
        calledPartyBCDNumber_digits: { type: 'string' },
        correlationID_digits: { type: 'string' },
      },
    },
    execute: (ctx, args: JsonObject) => executeRegister(ctx, type, s.dialogueKey, args ?? {}),
  });
}

/** Every operation type of the plugin, in the table's order, then the aborts and the SCP role's Register types. */
export function operationTypes(): OperationDefinition[] {
  const scpReceives = SEGMENTS.filter((s) => s.role === 'scp' && s.direction === 'receive');
  return [...OPERATION_ENTRIES.map(messageType), ...SEGMENTS.map(abortType), ...scpReceives.map(registerType)];
}
