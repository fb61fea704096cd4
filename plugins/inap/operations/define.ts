// Builders for the operation types: every INAP operation file is one call of these.
import { defineOperation, type JsonObject, type OperationDefinition } from '../../../sdk/index.js';
import { OPENING, OPERATION_ENTRIES, ABORT_ENTRIES } from '../catalogue.js';
import { executeSend } from '../runtime/send.js';
import { executeReceive } from '../runtime/receive.js';
import { executeAbortReceive, executeAbortSend } from '../runtime/abort.js';
import { receiveSchema, sendSchema } from './schema.js';

const PEERS: Record<string, string> = { scp: 'SCP', ssp: 'SSP', srf: 'SRF' };
const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

/** `inap.<segment>.<name>`, e.g. inapOperation('ssp_to_scp', 'InitialDP'). */
export function inapOperation(segment: string, name: string): OperationDefinition {
  const e = OPERATION_ENTRIES.find((x) => x.segment === segment && x.name === name);
  if (!e) throw new Error(`inap: no operation ${segment}.${name} in the catalogue`);
  const type = `inap.${segment}.${name}`;
  const peer = PEERS[segment.split('_').pop()!] ?? 'peer';
  if (e.direction === 'send') {
    const opening = OPENING.has(name) && !segment.startsWith('scp_');
    const spec = { type, name, dialogueKey: e.dialogueKey };
    return defineOperation({
      type,
      aliases: e.aliases,
      direction: 'send',
      gateway: 'sigtran',
      description: `Send ${name} to the ${peer}${opening ? ' (opens a TCAP dialogue: Begin)' : ''}.`,
      arguments: sendSchema(name, opening),
      execute: (ctx, args: JsonObject) => executeSend(ctx, spec, args ?? EMPTY),
    });
  }
  const spec = { type, name, dialogueKey: e.dialogueKey, peer };
  return defineOperation({
    type,
    aliases: e.aliases,
    direction: 'receive',
    gateway: 'sigtran',
    description: `Expect ${name} from the ${peer}; any other message aborts the instance.`,
    arguments: receiveSchema(name),
    controlArguments: ['last_component', 'tcap_ac', 'variant', 'tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider'],
    execute: (ctx, args: JsonObject) => executeReceive(ctx, spec, args ?? EMPTY),
  });
}

/** `tcap.<segment>.Abort`. */
export function abortOperation(segment: string): OperationDefinition {
  const e = ABORT_ENTRIES.find((x) => x.segment === segment);
  if (!e) throw new Error(`inap: no abort operation ${segment}`);
  const type = `tcap.${segment}.Abort`;
  const alias = segment.startsWith('srf_') ? [`tcap.${segment.replace('srf_', 'srp_')}.Abort`] : [];
  if (e.direction === 'send') {
    return defineOperation({
      type,
      aliases: alias,
      direction: 'send',
      gateway: 'sigtran',
      description: 'Send a TCAP Abort on the dialogue: a U-Abort (ABRT abort-source u_source), or with p_cause a P-Abort.',
      arguments: {
        type: 'object',
        properties: {
          u_source: { type: 'integer', minimum: 0, maximum: 1, description: 'ABRT abort-source: 0 dialogue-service-user (default), 1 dialogue-service-provider.' },
          u_info_0_octets: { type: 'string', description: 'User information of the ABRT (hex).' },
          p_cause: { type: 'integer', minimum: 0, maximum: 4, description: 'Send a P-Abort with this P-AbortCause (Q.773: 0 unrecognizedMessageType .. 4 resourceLimitation) instead of a U-Abort.' },
        },
      },
      execute: (ctx, args: JsonObject) => executeAbortSend(ctx, type, e.dialogueKey, args ?? {}),
    });
  }
  return defineOperation({
    type,
    aliases: alias,
    direction: 'receive',
    gateway: 'sigtran',
    description: 'Expect a TCAP Abort (U-Abort or P-Abort) on the dialogue.',
    arguments: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['u-abort', 'p-abort'] },
        p_cause: { type: 'integer' },
        u_source: { type: 'integer' },
        u_info_0_octets: { type: 'string' },
      },
    },
    execute: (ctx, args: JsonObject) => executeAbortReceive(ctx, type, e.dialogueKey, args ?? {}),
  });
}
