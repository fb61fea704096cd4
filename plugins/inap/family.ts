// The inap plugin as a TCAP-user family of sigtran's kit: its table (catalogue.ts), its codec (codec/args.ts, in the
// dialogue's variant), and what its dialogues and operations do of their own. The kit makes every
// `inap.<role>_<to|from>_<peer>.<Name>` type from the table, `tcap.<segment>.Abort` and the SCP role's Register, and
// runs them (one session per instance, one send path, one receive path).
import type { Json, JsonObject, OperationContext } from '../../sdk/index.js';
import type { Component, SigtranGateway, TcapMessage } from '../sigtran/api.js';
import { decodeArg, encodeArg } from '../sigtran/codec/index.js';
import { acOf, addOpened, defineTcapUserFamily, inboundWaitMs, openTcapDialogue, type CodecSpec, type DialogueSpec, type MessageEntry } from '../sigtran/user/index.js';
import { messageProperties, messageSource } from './argument-schema.js';
import { autoAnswerActivityTest } from './behaviour/activity-test.js';
import { OPCODES, OPENING, OPERATIONS, opName, type OperationRow } from './catalogue.js';
import { ONLY_IN, argType, definedIn } from './codec/args.js';
import { capErrorName, decodeErrorParameter, encodeErrorParameter, resolveCapError } from './codec/errors.js';
import { parseVariant } from './codec/variants.js';
import { openingAc, variantOfAc } from './contexts.js';
import { INAP_CONTROLS, SEND_CONTROLS } from './controls.js';
import { InapDialogue } from './dialogue.js';
import type { InapConfig } from './options.js';
import { inapParams } from './params.js';
import { codecOptions } from './runtime/codec-options.js';
import { describeComponent, describeMessage } from './runtime/describe.js';
import { outboundFields, unknownArgument } from './runtime/prepare-args.js';
import { INAP_REGISTER } from './runtime/routing.js';
import { prepareSend } from './runtime/static-check.js';

type Entry = MessageEntry<OperationRow>;

/** The rows with something to do when their Invoke comes while another operation is awaited, by opcode. */
const WHILE_WAITING: ReadonlyMap<number, OperationRow> = new Map(Object.values(OPERATIONS).filter((r) => r.whileWaiting).map((r) => [r.opcode, r]));

/** The variant of a dialogue: the operation's `variant`, the dialogue's AC, the run's `inap.variant`, the plugin default. */
function variantOf(ctx: OperationContext, args: JsonObject, acOid: string | undefined, options: InapConfig) {
  return parseVariant(args.variant) ?? variantOfAc(acOid) ?? parseVariant(inapParams(ctx.run.params).variant) ?? options.defaultVariant;
}

/** An Invoke of the gsmSCF-initiated GPRS context between the SCP and the SSP. */
const scfInitiated = (e: Entry) => e.wire === 'invoke' && e.row.scfContext !== undefined && (e.role === 'scp' ? e.peer === 'ssp' : e.peer === 'scp');

const dialogues: DialogueSpec<OperationRow, InapDialogue, InapConfig> = {
  // InitialDP / AssistRequestInstructions of the SSP and SRF roles open a new dialogue (a new call) every time
  // and the gsmSCF opens its own GPRS dialogue (camel3_scf_gprs) unless one is open, which the gprsSSF accepts
  opens: (e) => (OPENING.has(e.name) && e.role !== 'scp' ? 'always' : scfInitiated(e) && e.role === 'scp' ? 'unless-open' : undefined),
  accepts: (e) => (OPENING.has(e.name) && e.role === 'scp' ? 'always' : scfInitiated(e) && e.role === 'ssp' ? 'unless-open' : undefined),
  open(ctx, e, args, s) {
    // the AC: the operation's tcap_ac, else the run's ssp_ac (SSP role) or inap.srf_ac (SRF role), else none; an
    // SMS or GPRS opener keeps to its own contexts (openingAc)
    const roleAc = e.role === 'ssp' ? ctx.run.params.ssp_ac : e.role === 'srf' ? inapParams(ctx.run.params).srf_ac : undefined;
    const given = 'tcap_ac' in args ? args.tcap_ac : e.role === 'scp' ? e.row.scfContext : openingAc(e.row.contexts, roleAc);
    const ac = acOf(ctx, e.name, given);
    const variant = variantOf(ctx, args, ac?.oid, s.options);
    const d = openTcapDialogue(ctx, e, ac, undefined, autoAnswerActivityTest(ctx, variant, s.options, OPCODES.ActivityTest!));
    return addOpened(ctx, e, s, new InapDialogue(d, variant), dialogues.describe);
  },
  awaitBegin: (ctx, e) => (ctx.gateway() as SigtranGateway).acceptBegin({ opcode: OPCODES[e.op] }, { timeoutMs: inboundWaitMs(ctx), signal: ctx.endSignal }),
  adopt: (ctx, _e, args, m, s) => new InapDialogue(m.dialogue, variantOf(ctx, args, m.ac?.oid, s.options)),
  noDialogue: (e) => (e.role === 'scp' ? 'no dialogue from the peer yet (receive its InitialDP / AssistRequestInstructions first)' : 'no dialogue is open (send InitialDP first)'),
  nothingToReceiveOn: () => 'no dialogue is open to receive on (send InitialDP first)',
  describe: (d) => `variant ${d.variant}`,
  describeComponent: (c) => describeComponent(c),
  describeMessage: (m) => describeMessage(m),
};

const codec: CodecSpec<OperationRow, InapDialogue, InapConfig> = {
  notDefined: (e, d) => (definedIn(e.op, d.variant) ? undefined : `${e.op} is not defined in variant ${d.variant}${ONLY_IN[e.op] ? ` (only in ${ONLY_IN[e.op]!.join(', ')})` : ''}`),
  opcode: (e) => OPCODES[e.op],
  outbound: (_ctx, e, d, args, s) => (e.wire === 'error' ? errorFields(args) : outboundFields(e.op, d.variant, args, s.options)),
  errorCode: resolveCapError,
  badErrorCode: (e, value) => `errorCode ${JSON.stringify(value)} is neither a CAP error name (${(e.row.errors ?? ['missingParameter', 'taskRefused', 'systemFailure']).join(', ')}, ...) nor a code`,
  errorName: capErrorName,
  encode(ctx, e, d, fields, error) {
    if (e.wire === 'error') return error ? encodeErrorParameter(error.code, fields) : undefined;
    const at = argType(e.op, d.variant, e.wire === 'result');
    const unknown = unknownArgument(at, fields);
    if (unknown !== undefined) ctx.abort(`${e.name}: argument ${unknown} is not defined for ${e.op}${e.wire === 'result' ? ' results' : ''} in variant ${d.variant}`);
    return at ? encodeArg(at, fields, codecOptions(ctx)) : undefined;
  },
  decode(ctx, e, d, bytes, error) {
    if (e.wire === 'error') return decodeErrorParameter(error?.code, bytes);
    const at = argType(e.op, d.variant, e.wire === 'result');
    return at ? decodeArg(at, bytes, codecOptions(ctx)) : { ok: true, fields: {} };
  },
  tags: (d) => ({ variant: d.variant }),
  skip(ctx, e, d, c, s) {
    if (c.type !== 'invoke' || typeof c.opcode !== 'number') return false;
    const row = WHILE_WAITING.get(c.opcode);
    return row !== undefined && row !== e.row && row.whileWaiting!(ctx, { name: e.name, peer: e.peerName }, d, c, s.options);
  },
  recordUnexpected,
  rejectUndecodable: true,
  codecName: (d) => d.variant,
  inbound: (fields, e, d) => (e.wire === 'invoke' ? e.row.inbound?.(fields, d.variant) : undefined),
  expected(ctx, e, args, fields) {
    if (e.wire === 'error') return expectedError(ctx, e, args);
    return e.wire === 'invoke' && e.row.match ? e.row.match(ctx, args, fields) : args;
  },
};

/** The parameter fields of an outbound error (the control arguments and errorCode left out). */
function errorFields(args: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k in args) if (args[k] !== undefined && !SEND_CONTROLS.has(k)) out[k] = args[k]!;
  return out;
}

/** An expected error given by name matches its code. */
function expectedError(ctx: OperationContext, e: Entry, args: JsonObject): JsonObject {
  if (args.errorCode === undefined || args.errorCode === null) return args;
  const want = resolveCapError(args.errorCode);
  if (!want) return ctx.abort(`${e.name}: errorCode ${JSON.stringify(args.errorCode)} is neither a CAP error name nor a code`);
  return { ...args, errorCode: want.code };
}

/** Record an unexpected component (decoded when it is a known operation) before the instance aborts. */
function recordUnexpected(ctx: OperationContext, d: InapDialogue, c: Component, m: TcapMessage, first: boolean): void {
  if (!ctx.recordsMessages) return;
  let name: string = c.type;
  let fields: JsonObject = { unexpected: 1 };
  if (c.type === 'invoke') {
    name = opName(c.opcode) ?? `operation ${String(c.opcode)}`;
    const at = argType(name, d.variant);
    if (at) fields = { ...(decodeArg(at, c.argument, codecOptions(ctx)).fields as JsonObject), ...fields };
    fields.invoke_id = c.invokeId;
  }
  ctx.message({ direction: 'received', protocol: 'inap', name, fields: { ...fields, variant: d.variant, tcap: m.kind } as Json, ...(first ? { bytes: m.bytes, dissector: m.dissector, peer: m.peer } : {}) });
}

const PEERS: Readonly<Record<string, string>> = { scp: 'SCP', ssp: 'SSP', srf: 'SRF' };

export const inapFamily = defineTcapUserFamily<OperationRow, InapDialogue, InapConfig>({
  family: 'inap',
  protocol: 'inap',
  roles: PEERS,
  rows: OPERATIONS,
  links: (row) => ({ invoke: row.invoke, result: row.result?.links, error: row.error }),
  // the older `srp` spelling of the SRF role's segments
  aliases: (segment, name) => (segment.startsWith('srf_') ? [`${segment.replace('srf_', 'srp_')}.${name}`] : []),
  controls: INAP_CONTROLS,
  file: 'family.ts',
  describe: (e: Entry) =>
    e.direction === 'send'
      ? `Send ${e.name} to the ${e.peerName}${e.opening ? ' (opens a TCAP dialogue: Begin)' : ''}.`
      : `Expect ${e.name} from the ${e.peerName}; any other message aborts the instance.`,
  source: messageSource,
  properties: messageProperties,
  prepare: (e, args, pctx, options) => prepareSend(inapFamily, e, args, pctx, options),
  register: INAP_REGISTER,
  dialogues,
  codec,
});

