// One TCAP dialogue as a Test Definition: the tester's components become `<family>.<role>_to_<peer>.*` sends with
// their decoded arguments (grouped as they were in one TCAP message; an End closes), the peer's become
// `<family>.<role>_from_<peer>.*` receives whose tests[] check every field but the per-call ones (all of them with
// `strict`). What has no operation type is reported by frame, never dropped silently.
import type { Json, JsonObject } from '../../../sdk/index.js';
import type { Skipped } from '../pcap/streams.js';
import type { Dialogue, DialogueMessage } from './dialogues.js';
import { familyOf, type Family, type ImportedComponent, type Roles } from './families.js';
import { sendable, testsOf } from './fields.js';

export interface ImportOptions {
  /** The role the tester plays (a family's role name, `opener` or `answerer`); default: the side that sent the Begin. */
  role?: string | undefined;
  strict: boolean;
  /** The INAP variant when the Begin carries no application context. */
  variant?: string | undefined;
  source: string;
}

export interface Built {
  definition: JsonObject;
  notes: Skipped[];
}

/** The definition of one dialogue, or why it has none. */
export function dialogueDefinition(d: Dialogue, o: ImportOptions): Built | string {
  const fam = familyOf(d, o.variant);
  if (!fam) return `application context ${d.messages[0]!.tcap.acOid ?? '(none)'} is neither INAP/CAMEL nor MAP: not imported`;
  const roles = fam.roles(o.role);
  if (typeof roles === 'string') return roles;
  const notes: Skipped[] = [];
  const invokes = new Map<number, number | string>();
  const operations: JsonObject[] = [];
  for (const m of d.messages) operations.push(...messageOps(m, fam, roles, m.fromOpener === roles.testerIsOpener, invokes, o.strict, notes));
  const firstSend = operations.find((op) => op.type!.toString().includes('_to_'));
  if (firstSend && roles.testerIsOpener) firstSend.arguments = { ...(firstSend.arguments as JsonObject), ...fam.opening(roles) };
  if (operations[0]) {
    operations[0].description = `Imported from ${o.source}: TCAP dialogue ${d.index} (otid ${d.otid.toString(16)}, ${d.opener} to ${d.answerer}), frames ${d.messages[0]!.frame}-${d.messages.at(-1)!.frame}; the tester plays the ${roles.tester.toUpperCase()}${o.strict ? '; every field checked' : ''}. ${String(operations[0].description)}`;
  }
  return { definition: { ...fam.params(roles), operations: operations as Json[] }, notes };
}

function messageOps(m: DialogueMessage, fam: Family, r: Roles, fromTester: boolean, invokes: Map<number, number | string>, strict: boolean, notes: Skipped[]): JsonObject[] {
  const t = m.tcap;
  const segment = fromTester ? `${r.tester}_to_${r.peer}` : `${r.tester}_from_${r.peer}`;
  const who = fromTester ? 'tester' : 'peer';
  const out: JsonObject[] = [];
  if (t.kind === 'abort') notes.push({ frame: m.frame, why: `TCAP Abort from the ${who}${t.pAbortCause !== undefined ? ` (P-Abort cause ${t.pAbortCause})` : ''}: not imported` });
  else if (t.components.length === 0) notes.push({ frame: m.frame, why: `TCAP ${t.kind} without components from the ${who}: nothing to ${fromTester ? 'send' : 'receive'}` });
  for (const c of t.components) {
    if (c.type === 'invoke') invokes.set(c.invokeId, c.opcode);
    const ic = fam.component(c, (id) => invokes.get(id));
    const type = ic && `${fam.name}.${segment}.${ic.name}`;
    if (!ic || !fam.isType(type!)) {
      notes.push({ frame: m.frame, why: `${c.type}${c.type === 'invoke' ? ` opcode ${String(c.opcode)}` : ''}${ic ? ` (${ic.name})` : ''} has no operation type in ${segment}: skipped` });
      continue;
    }
    if (ic.error) notes.push({ frame: m.frame, why: `${ic.name}: ${ic.error}` });
    out.push({ ...(fromTester ? sendOp(type!, ic, m.frame, notes) : receiveOp(type!, ic.received ?? ic.fields, strict ? [] : fam.perCall)), description: `frame ${m.frame}` });
  }
  if (fromTester && out.length) {
    out.slice(0, -1).forEach((op) => ((op.arguments as JsonObject).send_with_next = true));
    if (t.kind === 'end') (out.at(-1)!.arguments as JsonObject).send_and_close = true;
  }
  return out;
}

function sendOp(type: string, ic: ImportedComponent, frame: number, notes: Skipped[]): JsonObject {
  const same = (f: JsonObject) => {
    try {
      const b = ic.encode?.(f);
      return b !== undefined && ic.bytes !== undefined && Buffer.from(b).equals(Buffer.from(ic.bytes));
    } catch {
      return false;
    }
  };
  const s = ic.encode && ic.bytes ? sendable(ic.fields, same) : { fields: ic.fields, exact: true };
  if (!s.exact) notes.push({ frame, why: `${ic.name}: the decoded arguments do not re-encode to the captured octets` });
  return { type, arguments: s.fields };
}

function receiveOp(type: string, fields: JsonObject, perCall: readonly string[]): JsonObject {
  const readable = sendable(fields, () => true).fields;
  const tests = testsOf(readable, new Set(perCall));
  return { type, ...(tests.length ? { tests: tests as unknown as Json[] } : {}) };
}
