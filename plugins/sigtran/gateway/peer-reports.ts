// What a gateway's peers said about its traffic: the last ERR, NTFY and DUNA/DAVA (for ListTests), and the dialogues
// each ends at once, naming the message, rather than at their TCAP timeout with "nothing received".
import type { PeerReport } from '../api.js';
import type { TrafficFault } from '../m3ua/faults.js';
import type { M3uaLink } from '../m3ua/link.js';
import type { M3uaTransfer } from '../m3ua/transfer.js';
import type { LogFn } from '../sccp/service.js';
import type { TcapLayer } from '../tcap/layer.js';

type Kind = 'ERR' | 'NTFY' | 'SSNM';

export class PeerReports {
  private readonly last = new Map<Kind, PeerReport>();

  constructor(
    private readonly tcap: TcapLayer,
    private readonly m3ua: M3uaTransfer,
    private readonly log: LogFn,
  ) {}

  /** An ERR or NTFY from `link`'s peer; a fault ends the dialogues on that link (to its DPC, of its SLS). */
  report(link: M3uaLink, kind: 'ERR' | 'NTFY', text: string, fault: TrafficFault | undefined): void {
    if (!fault) return this.keep(kind, text);
    const { reason, dpc, sls } = fault;
    const ended = this.tcap.failWhere(reason, (d) => d.link === link && (dpc === undefined || d.dpc === dpc) && (sls === undefined || d.sls === sls));
    this.keep(kind, reason, ended);
    if (ended) this.log('warn', `${reason}: ${ended} dialogue(s) ended`);
  }

  /** DUNA: sends to those point codes are refused until DAVA (M3uaTransfer), and the dialogues to them end. */
  availability(link: M3uaLink, pcs: readonly number[], available: boolean): void {
    this.m3ua.availability(pcs, available, link.peer);
    const text = `M3UA ${available ? 'DAVA' : 'DUNA'} from ${link.peer} for point code(s) ${pcs.join(', ')}`;
    this.log('info', text);
    if (available) return this.keep('SSNM', text);
    this.keep('SSNM', text, this.tcap.failWhere(`${text}: destination unavailable`, (d) => pcs.includes(d.dpc)));
  }

  status(): Partial<Record<Kind, PeerReport>> | undefined {
    return this.last.size ? Object.fromEntries(this.last) : undefined;
  }

  private keep(kind: Kind, text: string, endedDialogues?: number): void {
    this.last.set(kind, { text, at: new Date().toISOString(), ...(endedDialogues !== undefined ? { endedDialogues } : {}) });
  }
}
