// What a gateway's peers said about its traffic: the last ERR, NTFY and signalling network management message
// (DUNA/DAVA, and SUA's DUPU and SCON) for ListTests, and the dialogues each ends at once, naming the message, rather
// than at their TCAP timeout with "nothing received". The same for M3UA and SUA; each stack keeps its own
// destination state (which sends are refused until DAVA).
import type { PeerReport } from '../api.js';
import type { LogFn } from '../sccp/service.js';
import type { DialogueImpl } from '../tcap/dialogue.js';
import type { TcapLayer } from '../tcap/layer.js';
import type { TrafficFault } from '../ua/faults.js';

type Kind = 'ERR' | 'NTFY' | 'SSNM';

export class PeerReports {
  private readonly last = new Map<Kind, PeerReport>();

  constructor(
    private readonly tcap: TcapLayer,
    private readonly log: LogFn,
  ) {}

  /** An ERR or NTFY from `link`'s peer; a fault ends the dialogues on that link (to its DPC, of its SLS, its TID). */
  report(link: object, kind: 'ERR' | 'NTFY', text: string, fault: TrafficFault | undefined): void {
    if (!fault) return this.keep(kind, text);
    const { reason, dpc, sls, tid } = fault;
    const ended = this.tcap.failWhere(
      reason,
      (d) => d.link === link && (dpc === undefined || d.dpc === dpc) && (sls === undefined || d.sls === sls) && (tid === undefined || d.localTid === tid),
    );
    this.keep(kind, reason, ended);
    if (ended) this.log('warn', `${reason}: ${ended} dialogue(s) ended`);
  }

  /** A DUNA, DAVA (...) described by `text`; `unavailable` picks the dialogues to a destination it declares
   *  unavailable, which end (new ones are refused by the stack until DAVA). */
  destination(text: string, unavailable?: (d: DialogueImpl) => boolean): void {
    this.log('info', text);
    if (!unavailable) return this.keep('SSNM', text);
    this.keep('SSNM', text, this.tcap.failWhere(`${text}: destination unavailable`, unavailable));
  }

  status(): Partial<Record<Kind, PeerReport>> | undefined {
    return this.last.size ? Object.fromEntries(this.last) : undefined;
  }

  private keep(kind: Kind, text: string, endedDialogues?: number): void {
    this.last.set(kind, { text, at: new Date().toISOString(), ...(endedDialogues !== undefined ? { endedDialogues } : {}) });
  }
}
