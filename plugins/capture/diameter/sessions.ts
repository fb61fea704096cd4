// Diameter sessions of a capture, by Session-Id, and each as a Test Definition: the tester is the client, the node
// that sent the session's first request (told by its Origin-Host, so that EXPORTED_PDU records, which carry no
// addresses, work too). Its requests become diameter.to_server.Request operations with their AVPs (the first one
// `Session-Id_auto`, the next ones the Session-Id of the last answer); the answer of each, found by hop-by-hop id,
// becomes its tests[] (every AVP but the per-session ones unless strict; `check_result: false`, the Result-Code
// being among the tests). The peers' own exchanges (CER, DWR, DPR) are counted; the rest is reported by frame.
import type { Json, JsonObject } from '../../../sdk/index.js';
import { DIAMETER_PER_CALL_AVPS, decodeDiameter, type DiameterMessage } from '../../diameter/import.js';
import type { Message, Skipped } from '../pcap/streams.js';
import { testsOf } from '../tcap/fields.js';

export interface Session {
  id: string;
  firstFrame: number;
  messages: Array<{ frame: number; m: DiameterMessage }>;
}

/** Sessions kept at most; further ones are reported. */
const MAX_SESSIONS = 10_000;

export function followSessions(messages: readonly Message[]): { sessions: Session[]; skipped: Skipped[]; base: number } {
  const out = { sessions: [] as Session[], skipped: [] as Skipped[], base: 0 };
  const byId = new Map<string, Session>();
  for (const msg of messages) {
    if (msg.protocol !== 'diameter') continue;
    const m = decodeDiameter(msg.bytes);
    if ('base' in m) out.base++;
    else if ('fault' in m) out.skipped.push({ frame: msg.frame, why: `undecodable Diameter: ${m.fault}` });
    else if (m.sessionId === undefined) out.skipped.push({ frame: msg.frame, why: `${m.name} without a Session-Id: not imported` });
    else {
      let s = byId.get(m.sessionId);
      if (!s && out.sessions.length >= MAX_SESSIONS) {
        out.skipped.push({ frame: msg.frame, why: `Diameter session beyond the ${MAX_SESSIONS} an import follows` });
        continue;
      }
      if (!s) byId.set(m.sessionId, (s = { id: m.sessionId, firstFrame: msg.frame, messages: [] }));
      if (!out.sessions.includes(s)) out.sessions.push(s);
      s.messages.push({ frame: msg.frame, m });
    }
  }
  return out;
}

/** The definition of one session, or why it has none. */
export function sessionDefinition(s: Session, o: { strict: boolean; source: string }): { definition: JsonObject; notes: Skipped[] } | string {
  const first = s.messages.find((x) => x.m.request);
  if (!first) return 'no request of the session in the capture';
  const client = first.m.originHost;
  const notes: Skipped[] = [];
  const ops: JsonObject[] = [];
  const pending = new Map<number, JsonObject>();
  let lastAnswer: string | undefined;
  for (const { frame, m } of s.messages) {
    if (m.errors.length) notes.push({ frame, why: `${m.name}: ${m.errors.join('; ')}` });
    if (m.request && m.originHost !== client) notes.push({ frame, why: `${m.name} from the server: requests of the server are not imported yet` });
    else if (m.request) {
      const sid = lastAnswer ? { name: 'Session-Id', value: `{ $i['${lastAnswer}']['Session-Id'] }` } : { name: 'Session-Id_auto' };
      const op: JsonObject = { type: 'diameter.to_server.Request', arguments: { name: m.abbrev, avps: [sid, ...m.items] as Json[], check_result: false }, description: `frame ${frame}` };
      pending.set(m.hopByHop, op);
      ops.push(op);
    } else {
      const op = pending.get(m.hopByHop);
      pending.delete(m.hopByHop);
      if (!op) {
        notes.push({ frame, why: `${m.name} answers no request of the tester in the capture: not imported` });
        continue;
      }
      lastAnswer = m.abbrev;
      op.tests = testsOf(m.object, new Set(o.strict ? [] : DIAMETER_PER_CALL_AVPS)) as unknown as Json[];
    }
  }
  for (const op of pending.values()) notes.push({ frame: Number(String(op.description).slice(6)), why: 'a request without its answer in the capture: the definition waits for one' });
  if (ops[0]) ops[0].description = `Imported from ${o.source}: Diameter session ${s.id}, frames ${s.firstFrame}-${s.messages.at(-1)!.frame}; the tester plays the client (${client ?? '?'})${o.strict ? '; every AVP checked' : ''}. ${String(ops[0].description)}`;
  return { definition: { operations: ops as Json[] }, notes };
}
