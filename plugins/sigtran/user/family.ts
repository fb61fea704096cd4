// defineTcapUserFamily: the operation types of a TCAP application plugin, generated from its table. A component sent
// on the link `a>b` is the type `<family>.a_to_b.<Name>` (the tester sends it) and `<family>.b_from_a.<Name>` (the
// tester expects it); every segment gets `tcap.<segment>.Abort`, and receive segments whose role takes Begins a
// `<family>.<segment>.Register`. Schemas: the family's message fields plus the shared control arguments.
import { defineOperation, type JsonObject, type JsonSchema, type OperationDefinition } from '../../../sdk/index.js';
import { ABORT_RECEIVE_ARGUMENTS, ABORT_SEND_ARGUMENTS, receiveAbort, sendAbort } from './abort.js';
import { DIALOGUE_CONTROLS, DOTTED, OPENING_CONTROLS, SEND_CONTROLS, controlNames, type Properties } from './controls.js';
import { executeRegister } from './register.js';
import { executeReceive, Receiving } from './receive.js';
import { executeSend } from './send.js';
import { sessions, type FamilyOptions, type TcapUserDialogue } from './session.js';
import type { Bound, Link, MessageEntry, Opening, SegmentEntry, TcapUserFamilySpec, WireKind } from './spec.js';

const SUFFIX: Record<WireKind, string> = { invoke: '', result: 'Result', error: 'Error' };
const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

export interface TcapUserFamily<R, D extends TcapUserDialogue, O extends FamilyOptions> {
  readonly spec: TcapUserFamilySpec<R, D, O>;
  /** Every message type, row by row. */
  readonly entries: readonly MessageEntry<R>[];
  readonly segments: readonly SegmentEntry[];
  /** The segment a type's middle part names (aliases included). */
  segment(name: string): SegmentEntry | undefined;
  /** The message a `<Name>` stands for: its operation and wire component. */
  message(name: string): { op: string; wire: WireKind } | undefined;
  /** Every operation type of the family, running with `options`. */
  operations(options: O): OperationDefinition[];
}

export function defineTcapUserFamily<R, D extends TcapUserDialogue, O extends FamilyOptions>(spec: TcapUserFamilySpec<R, D, O>): TcapUserFamily<R, D, O> {
  const segments = new Map<string, SegmentEntry>();
  const segmentOf = (link: Link, direction: 'send' | 'receive'): SegmentEntry => {
    const [from, to] = link.split('>') as [string, string];
    const [role, peer] = direction === 'send' ? [from, to] : [to, from];
    const segment = `${role}_${direction === 'send' ? 'to' : 'from'}_${peer}`;
    let s = segments.get(segment);
    if (!s) segments.set(segment, (s = Object.freeze({ segment, role, peer, direction, key: `${role}|${peer}`, peerName: spec.roles[peer] ?? peer.toUpperCase() })));
    return s;
  };
  const entries: MessageEntry<R>[] = [];
  const messages = new Map<string, { op: string; wire: WireKind }>();
  for (const [op, row] of Object.entries(spec.rows)) {
    const links = spec.links(row);
    for (const [wire, on] of [['invoke', links.invoke], ['result', links.result], ['error', links.error]] as Array<[WireKind, readonly Link[] | undefined]>) {
      if (!on) continue;
      const name = op + SUFFIX[wire];
      messages.set(name, { op, wire });
      for (const link of on) {
        for (const direction of ['send', 'receive'] as const) {
          const s = segmentOf(link, direction);
          const e = { ...s, type: `${spec.family}.${s.segment}.${name}`, name, op, row, wire, opening: undefined as Opening };
          e.opening = direction === 'send' ? spec.dialogues.opens(e) : spec.dialogues.accepts(e);
          entries.push(Object.freeze(e));
        }
      }
    }
  }
  const byName = new Map<string, SegmentEntry>();
  for (const s of segments.values()) {
    byName.set(s.segment, s);
    for (const a of spec.aliases?.(s.segment, 'Abort', undefined) ?? []) byName.set(a.split('.')[0]!, s);
  }
  return {
    spec,
    entries,
    segments: [...segments.values()],
    segment: (name) => byName.get(name),
    message: (name) => messages.get(name),
    operations: (options) => operationsOf(spec, entries, [...segments.values()], options),
  };
}

function operationsOf<R, D extends TcapUserDialogue, O extends FamilyOptions>(spec: TcapUserFamilySpec<R, D, O>, entries: readonly MessageEntry<R>[], segments: readonly SegmentEntry[], options: O): OperationDefinition[] {
  const b: Bound<R, D, O> = { spec, options, session: sessions<D, O>(spec.family, options), controls: controlNames(spec.controls) };
  const out = entries.map((e) => messageOperation(b, e));
  for (const s of segments) out.push(abortType(b, s));
  for (const s of segments) {
    const ops = s.direction === 'receive' ? spec.register?.operations(s) ?? [] : [];
    if (ops.length) out.push(registerType(b, s, ops));
  }
  return out;
}

function aliasesOf<R>(aliases: TcapUserFamilySpec<R, TcapUserDialogue, FamilyOptions>['aliases'], prefix: string, segment: string, name: string, e: MessageEntry<R> | undefined): string[] {
  return (aliases?.(segment, name, e) ?? []).map((a) => `${prefix}.${a}`);
}

function messageOperation<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, e: MessageEntry<R>): OperationDefinition {
  const { spec } = b;
  const common = { type: e.type, aliases: aliasesOf(spec.aliases, spec.family, e.segment, e.name, e), gateway: 'sigtran', description: spec.describe(e), source: spec.source(e) };
  if (e.direction === 'send') {
    const prepare = spec.prepare;
    return defineOperation({
      ...common,
      direction: 'send',
      arguments: sendSchema(b, e),
      ...(prepare ? { prepare: (args: JsonObject, pctx) => prepare(e, args ?? EMPTY, pctx, b.options) } : {}),
      execute: (ctx, args: JsonObject) => executeSend(ctx, b, e, args ?? EMPTY),
    });
  }
  const rx = new Receiving(b, e);
  return defineOperation({
    ...common,
    direction: 'receive',
    arguments: receiveSchema(b, e),
    controlArguments: [...b.controls.receive],
    settlesOnEnd: true, // every wait (dialogue receive, inbound Begin) listens to ctx.endSignal
    execute: (ctx, args: JsonObject) => executeReceive(ctx, rx, args ?? EMPTY),
  });
}

function sendSchema<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, e: MessageEntry<R>): JsonSchema {
  const own = b.spec.controls;
  const opening = e.opening ? { ...OPENING_CONTROLS, ...own?.opening } : {};
  const properties = { ...b.spec.properties(e), ...SEND_CONTROLS, ...own?.send, ...opening };
  return { type: 'object', properties, patternProperties: DOTTED, ...(e.wire === 'error' ? { required: ['errorCode'] } : {}) };
}

function receiveSchema<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, e: MessageEntry<R>): JsonSchema {
  return { type: 'object', properties: { ...b.spec.properties(e), ...DIALOGUE_CONTROLS, ...b.spec.controls?.receive }, patternProperties: DOTTED };
}

function abortType<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, s: SegmentEntry): OperationDefinition {
  const { spec } = b;
  const type = `tcap.${s.segment}.Abort`;
  const common = { type, aliases: aliasesOf(spec.aliases, 'tcap', s.segment, 'Abort', undefined), gateway: 'sigtran', source: `${spec.file} (defineTcapUserFamily: one per segment)` };
  if (s.direction === 'send') {
    return defineOperation({
      ...common,
      direction: 'send',
      description: `Send a TCAP Abort on the dialogue with the ${s.peerName}: a U-Abort (ABRT abort-source u_source), or with p_cause a P-Abort.`,
      arguments: withProperties(ABORT_SEND_ARGUMENTS, spec.aborts?.send),
      execute: (ctx, args: JsonObject) => sendAbort(ctx, type, b.session(ctx).dialogue(s.key), args ?? EMPTY, spec.aborts),
    });
  }
  return defineOperation({
    ...common,
    direction: 'receive',
    description: `Expect a TCAP Abort (U-Abort or P-Abort) on the dialogue with the ${s.peerName}.`,
    arguments: withProperties(ABORT_RECEIVE_ARGUMENTS, spec.aborts?.receive),
    execute: (ctx, args: JsonObject) => {
      const d = b.session(ctx).dialogue(s.key);
      return receiveAbort(ctx, type, d, args ?? EMPTY, { describe: (m) => spec.dialogues.describeMessage(m, d) }, spec.aborts);
    },
  });
}

/** An object schema with a family's properties added. */
function withProperties(schema: JsonSchema, own: Properties | undefined): JsonSchema {
  return own ? { ...schema, properties: { ...(schema.properties as Properties), ...own } } : schema;
}

function registerType<R, D extends TcapUserDialogue, O extends FamilyOptions>(b: Bound<R, D, O>, s: SegmentEntry, ops: readonly string[]): OperationDefinition {
  const reg = b.spec.register!;
  const type = `${b.spec.family}.${s.segment}.Register`;
  return defineOperation({
    type,
    direction: 'local',
    gateway: 'sigtran',
    description: reg.describe(s, ops),
    source: reg.source,
    arguments: reg.arguments(s, ops),
    execute: (ctx, args: JsonObject) => executeRegister(ctx, b, type, s, ops, args ?? EMPTY),
  });
}
