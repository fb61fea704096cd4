// A capture's bytes to Test Definitions (docs/import.md): frames read (pcap/), TCP streams and SCTP DATA cut into
// messages, the TCAP dialogues and Diameter sessions followed, the chosen ones each built into a definition; what
// is not imported is noted with its frame number. `tester import` (command.ts) writes the result to files; the
// plugin's setup offers it to the service as a CaptureImporter (the HTTP built-in's upload).
import type { CaptureImportOptions, CaptureImportResult, JsonObject } from '../../sdk/index.js';
import { readFrames } from './pcap/read.js';
import { messagesOf, type Skipped } from './pcap/streams.js';
import { followDialogues, type Dialogue } from './tcap/dialogues.js';
import { dialogueDefinition } from './tcap/definition.js';
import { dialogueFilter, type Filters } from './filters.js';
import { followSessions, sessionDefinition, type Session } from './diameter/sessions.js';
import { dialogueNumbers, normalMsisdn, sessionNumbers } from './msisdn.js';

export interface Selection extends Filters {
  role?: string | undefined;
  strict?: boolean | undefined;
  variant?: string | undefined;
  msisdn?: string | undefined;
}

export interface Imported {
  defs: Array<{ index: number; definition: JsonObject }>;
  notes: Skipped[];
  summary: string;
}

/** The definitions of a capture (its bytes; `source` names it in their descriptions). Throws CaptureError on bytes it cannot read. */
export function importDefinitions(bytes: Uint8Array, a: Selection, source: string): Imported {
  const frames = readFrames(bytes);
  const streams = messagesOf(frames);
  const followed = followDialogues(streams.messages);
  const diameter = followSessions(streams.messages);
  const notes: Skipped[] = [...streams.skipped, ...followed.skipped, ...diameter.skipped];
  const chosen = unitsOf(followed.dialogues, diameter.sessions).filter(unitFilter(a));
  const defs = built(chosen, a, source, notes);
  notes.sort((x, y) => x.frame - y.frame);
  const summary = `${frames.length} frames, ${streams.messages.length} messages (${followed.management + diameter.base} management), ${followed.dialogues.length} dialogues, ${diameter.sessions.length} sessions, ${chosen.length} chosen, ${defs.length} imported, ${notes.length} frames noted`;
  return { defs, notes, summary };
}

/** The chosen definitions as one, playing them in order with the first one's parameters (--together). */
export function together(defs: Imported['defs']): JsonObject {
  return { ...defs[0]!.definition, operations: defs.flatMap((d) => d.definition.operations as JsonObject[]) };
}

/** The plugin's CaptureImporter: the definitions named `<name>-<n>` (or `<name>` together). */
export function importCapture(bytes: Uint8Array, o: CaptureImportOptions): CaptureImportResult {
  const r = importDefinitions(bytes, o, o.name);
  const definitions = !r.defs.length ? [] : o.together ? [{ name: o.name, definition: together(r.defs) }] : r.defs.map((d) => ({ name: `${o.name}-${d.index}`, definition: d.definition }));
  return { definitions, notes: r.notes, summary: r.summary };
}

/** A TCAP dialogue or a Diameter session, numbered together in the order of their first frames. */
type Unit = { index: number; first: number } & ({ d: Dialogue } | { s: Session });

function unitsOf(dialogues: Dialogue[], sessions: Session[]): Unit[] {
  const units: Unit[] = [...dialogues.map((d) => ({ index: 0, first: d.messages[0]!.frame, d })), ...sessions.map((s) => ({ index: 0, first: s.firstFrame, s }))];
  units.sort((x, y) => x.first - y.first);
  units.forEach((u, i) => {
    u.index = i + 1;
    if ('d' in u) u.d.index = u.index;
  });
  return units;
}

/** The TCAP filters leave the Diameter sessions out; --dialogue N picks either by its number, --msisdn either by its number. */
function unitFilter(a: Selection): (u: Unit) => boolean {
  const tcap = dialogueFilter(a);
  const tcapOnly = a.pc !== undefined || a.ssn !== undefined || a.ac !== undefined || a.serviceKey !== undefined || (a.dialogue !== undefined && 'otid' in a.dialogue);
  const msisdn = a.msisdn === undefined ? undefined : normalMsisdn(a.msisdn);
  const carries = (u: Unit) => msisdn === undefined || ('d' in u ? dialogueNumbers(u.d, a.variant) : sessionNumbers(u.s)).has(msisdn);
  return (u) => ('d' in u ? tcap(u.d) : !tcapOnly && (a.dialogue === undefined || ('index' in a.dialogue && a.dialogue.index === u.index))) && carries(u);
}

function built(chosen: Unit[], a: Selection, source: string, notes: Skipped[]): Imported['defs'] {
  const defs: Imported['defs'] = [];
  for (const u of chosen) {
    const clientRole = a.role === undefined || a.role === 'opener' || a.role === 'client';
    const b = 'd' in u ? dialogueDefinition(u.d, { role: a.role, strict: a.strict === true, variant: a.variant, source }) : clientRole ? sessionDefinition(u.s, { strict: a.strict === true, source }) : `role ${a.role}: a Diameter session is imported with the tester as the client only`;
    if (typeof b === 'string') {
      notes.push({ frame: u.first, why: `${'d' in u ? 'dialogue' : 'session'} ${u.index}: ${b}` });
      continue;
    }
    notes.push(...b.notes);
    defs.push({ index: u.index, definition: b.definition });
  }
  return defs;
}
