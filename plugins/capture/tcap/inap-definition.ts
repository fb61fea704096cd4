// One TCAP dialogue of INAP/CAMEL as a Test Definition: the tester's components become `inap.<role>_to_<peer>.*`
// sends with their decoded arguments (grouped as they were in one TCAP message; an End closes), the peer's become
// `inap.<role>_from_<peer>.*` receives whose tests[] check every field but the per-call ones (all with `strict`).
import type { Json, JsonObject } from '../../../sdk/index.js';
import { INAP_PER_CALL_FIELDS, inapComponent, inapContext, isInapType, parseInapVariant } from '../../inap/import.js';
import type { Dialogue, DialogueMessage } from './dialogues.js';
import { sendable, testsOf } from './fields.js';
import type { Skipped } from '../pcap/streams.js';

export type Role = 'ssp' | 'srf' | 'scp';

export interface ImportOptions {
  /** The role the tester plays; default: the one that sent the Begin (SSP, or SRF when it opens with AssistRequestInstructions). */
  role?: Role;
  strict: boolean;
  /** The variant when the Begin carries no application context. */
  variant?: string;
  source: string;
}

export interface Built {
  definition: JsonObject;
  notes: Skipped[];
}

const PEER: Readonly<Record<Role, string>> = { ssp: 'scp', srf: 'scp', scp: 'ssp' };

/** The definition of one dialogue, or undefined (with notes) when the dialogue is not INAP/CAMEL. */
export function inapDefinition(d: Dialogue, o: ImportOptions): Built | undefined {
  const notes: Skipped[] = [];
  const begin = d.messages[0]!;
  const ctx = inapContext(begin.tcap.acOid);
  const variant = ctx?.variant ?? parseInapVariant(o.variant);
  if (!variant) return undefined;
  const first = begin.tcap.components[0];
  const opensSrf = first?.type === 'invoke' && first.opcode === 16; // AssistRequestInstructions
  const role: Role = o.role ?? (opensSrf ? 'srf' : 'ssp');
  const testerIsOpener = role !== 'scp';
  const invokes = new Map<number, number | string>();
  const operations: JsonObject[] = [];
  for (const m of d.messages) {
    const fromTester = m.fromOpener === testerIsOpener;
    const ops = messageOps(m, variant, role, fromTester, invokes, o, notes);
    operations.push(...ops);
  }
  const about = `Imported from ${o.source}: TCAP dialogue ${d.index} (otid ${d.otid.toString(16)}, ${d.opener} to ${d.answerer}), frames ${d.messages[0]!.frame}-${d.messages.at(-1)!.frame}; the tester plays the ${role.toUpperCase()}${o.strict ? '; every field checked' : ''}`;
  if (operations[0]) operations[0].description = `${about}. ${String(operations[0].description)}`;
  const definition: JsonObject = {
    ...(role === 'ssp' && ctx ? { ssp_ac: ctx.alias } : {}),
    ...(!ctx ? { inap: { variant } } : {}),
    operations: operations as Json[],
  };
  return { definition, notes };
}

function messageOps(m: DialogueMessage, variant: Parameters<typeof inapComponent>[1], role: Role, fromTester: boolean, invokes: Map<number, number | string>, o: ImportOptions, notes: Skipped[]): JsonObject[] {
  const t = m.tcap;
  const segment = fromTester ? `${role}_to_${PEER[role]}` : `${role}_from_${PEER[role]}`;
  const out: JsonObject[] = [];
  if (t.kind === 'abort') notes.push({ frame: m.frame, why: `TCAP Abort from the ${fromTester ? 'tester' : 'peer'}${t.pAbortCause !== undefined ? ` (P-Abort cause ${t.pAbortCause})` : ''}: not imported` });
  else if (t.components.length === 0) notes.push({ frame: m.frame, why: `TCAP ${t.kind} without components from the ${fromTester ? 'tester' : 'peer'}: nothing to ${fromTester ? 'send' : 'receive'}` });
  for (const c of t.components) {
    if (c.type === 'invoke') invokes.set(c.invokeId, c.opcode);
    const ic = inapComponent(c, variant, (id) => invokes.get(id));
    const type = ic && `inap.${segment}.${ic.name}`;
    if (!ic || !isInapType(type!)) {
      notes.push({ frame: m.frame, why: `${c.type}${c.type === 'invoke' ? ` opcode ${String(c.opcode)}` : ''}${ic ? ` (${ic.name})` : ''} has no operation type in ${segment}: skipped` });
      continue;
    }
    if (ic.error) notes.push({ frame: m.frame, why: `${ic.name}: ${ic.error}` });
    out.push({ ...(fromTester ? sendOp(type!, ic, m.frame, notes) : receiveOp(type!, ic.fields, o.strict)), description: `frame ${m.frame}` });
  }
  if (fromTester && out.length) {
    out.slice(0, -1).forEach((op) => ((op.arguments as JsonObject).send_with_next = true));
    if (t.kind === 'end') (out.at(-1)!.arguments as JsonObject).send_and_close = true;
  }
  return out;
}

function sendOp(type: string, ic: NonNullable<ReturnType<typeof inapComponent>>, frame: number, notes: Skipped[]): JsonObject {
  const same = (f: JsonObject) => {
    try {
      return !!ic.encode && !!ic.bytes && Buffer.from(ic.encode(f)).equals(Buffer.from(ic.bytes));
    } catch {
      return false;
    }
  };
  const s = ic.encode ? sendable(ic.fields, same) : { fields: ic.fields, exact: true };
  if (!s.exact) notes.push({ frame, why: `${ic.name}: the decoded arguments do not re-encode to the captured octets` });
  return { type, arguments: s.fields };
}

function receiveOp(type: string, fields: JsonObject, strict: boolean): JsonObject {
  const readable = sendable(fields, () => true).fields;
  const tests = testsOf(readable, new Set(strict ? [] : INAP_PER_CALL_FIELDS));
  return { type, ...(tests.length ? { tests: tests as unknown as Json[] } : {}) };
}
