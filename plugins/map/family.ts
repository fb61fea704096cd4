// The map plugin as a TCAP-user family of sigtran's kit: its table (catalogue.ts), its codec (codec/message.ts, in
// the dialogue's application-context version) and what its dialogues do of their own (the AC and MAP-OPEN of a
// Begin, the routing of inbound Begins). The kit makes every `map.<role>_<to|from>_<peer>.<Name>` type from the
// table, `tcap.<segment>.Abort` and Register, and runs them (one session per instance, one send and receive path).
import type { JsonObject } from '../../sdk/index.js';
import type { TcapMessage } from '../sigtran/api.js';
import { CodecError, expandDotted } from '../sigtran/codec/index.js';
import { acOf, addOpened, defineTcapUserFamily, openTcapDialogue, recordTcap, type CodecSpec, type DialogueSpec, type MessageEntry } from '../sigtran/user/index.js';
import { MAP_ABORTS } from './abort.js';
import { defaultAc, errorName, MAP_OPERATIONS, mapContextOf, resolveError, ROLE_NAMES, versionIn, type MapOperation } from './catalogue.js';
import { decodeMapDialogue, encodeMapDialogue } from './codec/dialogue.js';
import { decodeMessage, encodeMessage, type MessageDecode } from './codec/message.js';
import { mergeSegments } from './codec/segments.js';
import { MAP_CONTROLS, SEND_CONTROLS } from './controls.js';
import { MapDialogue } from './dialogue.js';
import { messageProperties, messageSource } from './message-schema.js';
import type { MapOptions } from './options.js';
import { hlrAc } from './params.js';
import { describeComponent, describeMessage } from './runtime/describe.js';
import { acceptEmpty, openEmpty } from './runtime/empty-begin.js';
import { awaitOpening, MAP_REGISTER, openingInvoke } from './runtime/register.js';
import { concatSkip, reassembleInbound, splitOutbound } from './runtime/sms-concat.js';

type Entry = MessageEntry<MapOperation>;

/** The version a dialogue runs in: its AC's when the operation is defined in that context and version, else the
 *  operation's default. */
function versionOf(op: MapOperation, ac: Parameters<typeof mapContextOf>[0]) {
  const mc = mapContextOf(ac);
  return { version: versionIn(op, mc) ?? op.defaultVersion, context: mc?.context };
}

/** The MAP-OPEN a Begin carries (`tcap: { map_open: {...} }`), encoded; aborts on a bad one. */
function mapOpen(ctx: Parameters<DialogueSpec<MapOperation, MapDialogue, MapOptions>['open']>[0], e: Entry, tcap: unknown, hasAc: boolean): Uint8Array | undefined {
  if (tcap === undefined || tcap === null) return undefined;
  if (typeof tcap !== 'object' || Array.isArray(tcap)) ctx.abort(`${e.name}: tcap: expected an object such as { map_open: { destination_reference_digits } }`);
  if (!hasAc) ctx.abort(`${e.name}: tcap.map_open needs an application context (the MAP-OPEN travels in the AARQ)`);
  try {
    return encodeMapDialogue(tcap as Record<string, unknown>);
  } catch (err) {
    if (err instanceof CodecError) ctx.abort(`${e.name}: tcap.${err.message}`);
    throw err;
  }
}

/**
 * Application-context negotiation: the AC to open the dialogue again with when the peer refused it naming a lower
 * version of the same context it supports (AARE reject-permanent, application-context-name-not-supported) and the
 * opening operation asked for it (`ac_fallback`) and is defined in that version; undefined: the refusal stands.
 */
function retryAc(e: Entry, d: MapDialogue, m: TcapMessage): string | undefined {
  const pdu = m.dialoguePdu;
  if (!d.acFallback || pdu?.type !== 'aare' || pdu.result === 'accepted' || pdu.diagnostic.source !== 'user' || pdu.diagnostic.code !== 2) return undefined;
  const mc = mapContextOf(pdu.ac);
  if (!mc || mc.context !== d.context || mc.version >= d.version || versionIn(e.row, mc) === undefined || !e.row.versions[mc.version]) return undefined;
  return pdu.ac.oid;
}

const dialogues: DialogueSpec<MapOperation, MapDialogue, MapOptions> = {
  // an Invoke opens the role pair's dialogue unless one is open; expected, it comes in a new Begin when none is
  opens: (e) => (e.wire === 'invoke' ? 'unless-open' : undefined),
  accepts: (e) => (e.wire === 'invoke' ? 'unless-open' : undefined),
  open(ctx, e, given, s) {
    const args = expandDotted(given) as JsonObject;
    // the AC: the operation's tcap_ac, else the run's hlr_ac (HLR role), else the operation's own context
    const hlr = e.role === 'hlr' ? hlrAc(ctx.run.params) : undefined;
    const ac = acOf(ctx, e.name, 'tcap_ac' in args ? args.tcap_ac : hlr !== undefined ? hlr : defaultAc(e.row));
    const { version, context } = versionOf(e.row, ac);
    const userInformation = mapOpen(ctx, e, args.tcap, ac !== null);
    const d = new MapDialogue(openTcapDialogue(ctx, e, ac, userInformation), version, context);
    d.acFallback = args.ac_fallback === true;
    if (args.empty_begin === true && ac === null) ctx.abort(`${e.name}: empty_begin needs an application context (the Begin carries the dialogue portion alone)`);
    return addOpened(ctx, e, s, d, dialogues.describe);
  },
  prelude: (ctx, e, d, args) => (args.empty_begin === true ? openEmpty(ctx, e, d) : undefined),
  retryAc,
  awaitBegin: (ctx, e) => awaitOpening(ctx, e),
  adopt(ctx, e, _args, m) {
    const { version, context } = versionOf(e.row, m.ac);
    const d = new MapDialogue(m.dialogue, version, context);
    d.mapDialogue = m.dialoguePdu?.type === 'aarq' ? decodeMapDialogue(m.dialoguePdu.userInformation) : undefined;
    if (m.kind === 'begin' && m.components.length === 0) {
      acceptEmpty(ctx, e, m);
      d.openedEmpty = true;
    }
    return d;
  },
  noDialogue: (e) => `no ${e.op} was received from the ${e.peer.toUpperCase()} to answer`,
  nothingToReceiveOn: (e) => `no dialogue with the ${e.peerName} to receive on (send ${e.op} first)`,
  describe: (d) => `version ${d.version}`,
  describeComponent: (c, d) => describeComponent(c, d?.context, d?.version),
  describeMessage: (m, d) => describeMessage(m, d?.context, d?.version),
};

const codec: CodecSpec<MapOperation, MapDialogue, MapOptions> = {
  notDefined: (e, d) => (e.row.versions[d.version] ? undefined : `${e.op} is not defined in version ${d.version} of ${e.row.context} (versions ${Object.keys(e.row.versions).join(', ')})`),
  opcode: (e, d) => e.row.versions[d.version]?.opcode,
  outbound(ctx, e, d, given) {
    const args = expandDotted(given) as JsonObject;
    const fields: JsonObject = {};
    for (const k of Object.keys(args)) if (!SEND_CONTROLS.has(k) && args[k] !== undefined) fields[k] = args[k]!;
    // a short message too long for one TPDU goes in parts (runtime/sms-concat.ts)
    return e.row.tpdu ? splitOutbound(ctx, e, d, fields) : fields;
  },
  skip: concatSkip,
  errorCode: resolveError,
  badErrorCode: (e, value) => `errorCode ${JSON.stringify(value)} is neither a MAP error name (${e.row.errors.join(', ')}, ...) nor a code`,
  encode: (_ctx, e, d, fields, error) => encodeMessage(e.row, e.wire, d.version, fields, error?.name),
  decode(ctx, e, d, bytes, error, c, m) {
    // the opening Invoke of a Begin was decoded once already, for its routing keys
    const opening = m && m.kind === 'begin' && c === m.components[0] ? openingInvoke(m) : undefined;
    const r: MessageDecode = opening && opening.op === e.row && opening.version === d.version
      ? (opening.error === undefined ? { ok: true, fields: opening.fields } : { ok: false, error: opening.error, fields: opening.fields })
      : decodeMessage(e.row, e.wire, d.version, bytes, error?.name);
    // received (a component given): a part of a long short message is put with the others
    if (c && e.row.tpdu) reassembleInbound(ctx, e, r.fields);
    return r;
  },
  tags: (d) => ({ version: d.version }),
  merge: (_e, parts) => mergeSegments(parts),
  // the message's `tcap` is its MAP-OPEN
  kindKey: 'tcap_message',
  closes: (e) => e.row.endsDialogue,
  answerOnce: true,
  expectedInvoke: (e, d) => `${e.op} (opcode ${e.row.versions[d.version]!.opcode})`,
  recordUnexpected: (ctx, _d, _c, m) => recordTcap(ctx, m, `TCAP ${m.kind}`),
  errorName,
  inbound(fields, _e, d, m) {
    if (d.mapDialogue && (m.kind === 'begin' || d.openedEmpty)) fields.tcap = d.mapDialogue as JsonObject;
    d.openedEmpty = false;
  },
  expected(ctx, e, args) {
    const expected: JsonObject = { ...(expandDotted(args) as JsonObject) };
    if (e.wire === 'error' && expected.errorCode !== undefined && expected.errorCode !== null) {
      const want = resolveError(expected.errorCode);
      if (!want) return ctx.abort(`${e.name}: errorCode ${JSON.stringify(expected.errorCode)} is neither a MAP error name nor a code`);
      expected.errorCode = want.code;
    }
    return expected;
  },
};

function describe(e: Entry): string {
  const op = e.row;
  const codes = [...new Set(Object.values(op.versions).map((v) => v.opcode))].join('/');
  const what = e.wire === 'invoke' ? `${op.name} (${op.asn}, opcode ${codes})` : e.wire === 'result' ? `the result of ${op.name}` : `a MAP error for ${op.name} (ReturnError)`;
  if (e.direction === 'send') return `Send ${what} to the ${e.peerName}${e.wire === 'invoke' ? `; opens a TCAP dialogue (Begin, AC ${e.role === 'hlr' ? 'hlr_ac or ' : ''}${defaultAc(op)}) unless one is open` : ''}.`;
  return `Expect ${what} from the ${e.peerName}${e.wire === 'invoke' ? ' (in a new Begin when no dialogue is open)' : ''}; any other message aborts the instance.`;
}

export const mapFamily = defineTcapUserFamily<MapOperation, MapDialogue, MapOptions>({
  family: 'map',
  protocol: 'gsm_map',
  roles: ROLE_NAMES,
  rows: Object.fromEntries(MAP_OPERATIONS.map((o) => [o.name, o])),
  links: (row) => ({
    invoke: row.pairs.map(([inv, resp]) => `${inv}>${resp}` as const),
    result: row.pairs.map(([inv, resp]) => `${resp}>${inv}` as const),
    error: row.pairs.map(([inv, resp]) => `${resp}>${inv}` as const),
  }),
  aliases: (segment, _name, e) => (e?.wire === 'invoke' && e.direction === 'receive' ? (e.row.receiveAliases ?? []).map((a) => `${segment}.${a}`) : []),
  controls: MAP_CONTROLS,
  file: 'family.ts',
  describe,
  source: messageSource,
  properties: messageProperties,
  register: MAP_REGISTER,
  aborts: MAP_ABORTS,
  dialogues,
  codec,
});
