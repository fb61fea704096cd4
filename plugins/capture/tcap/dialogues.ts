// TCAP dialogues of a capture, followed by transaction ids: a Begin opens one under its sender's otid; a Continue,
// End or Abort finds it by its dtid at its receiver's side (and a Continue registers its sender's otid). A side is
// the M3UA point code, or the SCCP address for SUA. Messages of no dialogue begun in the capture are reported.
import { decodeCaptured, type CapturedTcap } from '../../sigtran/capture.js';
import type { SccpAddress } from '../../sigtran/api.js';
import type { Message, Skipped } from '../pcap/streams.js';

export interface DialogueMessage {
  frame: number;
  /** Sent by the side that sent the Begin. */
  fromOpener: boolean;
  tcap: CapturedTcap;
}
export interface Dialogue {
  /** 1-based, in the order of the Begins. */
  index: number;
  otid: number;
  opener: string;
  answerer: string;
  messages: DialogueMessage[];
}

/** Dialogues kept at most; the next Begins are reported. */
const MAX_DIALOGUES = 10_000;

export interface Followed {
  dialogues: Dialogue[];
  skipped: Skipped[];
  management: number;
}

export function followDialogues(messages: readonly Message[]): Followed {
  const out: Followed = { dialogues: [], skipped: [], management: 0 };
  const byTid = new Map<string, Dialogue>();
  for (const m of messages) {
    if (m.protocol === 'diameter') continue; // diameter/sessions.ts
    const c = decodeCaptured(m.bytes, m.protocol);
    if ('management' in c) out.management++;
    else if ('fault' in c) out.skipped.push({ frame: m.frame, why: `undecodable ${m.protocol.toUpperCase()}: ${c.fault}` });
    else place(m.frame, c.tcap, byTid, out);
  }
  return out;
}

function place(frame: number, t: CapturedTcap, byTid: Map<string, Dialogue>, out: Followed): void {
  const from = t.opc !== undefined ? `pc ${t.opc}` : side(t.calling);
  const to = t.dpc !== undefined ? `pc ${t.dpc}` : side(t.called);
  if (t.kind === 'begin') {
    if (out.dialogues.length >= MAX_DIALOGUES) {
      out.skipped.push({ frame, why: `TCAP Begin beyond the ${MAX_DIALOGUES} dialogues an import follows` });
      return;
    }
    const d: Dialogue = { index: out.dialogues.length + 1, otid: t.otid!, opener: from, answerer: to, messages: [{ frame, fromOpener: true, tcap: t }] };
    out.dialogues.push(d);
    byTid.set(`${from}#${t.otid}`, d);
    return;
  }
  const d = t.dtid === undefined ? undefined : byTid.get(`${to}#${t.dtid}`);
  if (!d) {
    out.skipped.push({ frame, why: `TCAP ${t.kind}${t.dtid === undefined ? '' : ` (dtid ${t.dtid.toString(16)})`} of no dialogue begun in the capture` });
    return;
  }
  d.messages.push({ frame, fromOpener: from === d.opener, tcap: t });
  if (t.kind === 'continue' && t.otid !== undefined) byTid.set(`${from}#${t.otid}`, d);
}

function side(a: SccpAddress): string {
  return a.gt ? `gt ${a.gt.digits}` : `pc ${a.pc ?? '?'} ssn ${a.ssn ?? '?'}`;
}
