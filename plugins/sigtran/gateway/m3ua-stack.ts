// M3UA under TCAP: SCCP (UDT/XUDT, segments) in M3UA DATA messages, on M3UA links; what the peers report about the
// traffic (ERR, NTFY, DUNA/DAVA) ends the dialogues it concerns at once (peer-reports.ts).
import type { SigtranInstanceConfig, SigtranStatus } from '../api.js';
import type { ProtocolData } from '../m3ua/codec.js';
import { ServiceIndicator } from '../m3ua/constants.js';
import { M3uaLink, type LinkEvents } from '../m3ua/link.js';
import { M3uaTransfer } from '../m3ua/transfer.js';
import { SccpLayer } from '../sccp/layer.js';
import type { TcapLayer } from '../tcap/layer.js';
import type { Association } from '../transport/index.js';
import { PeerReports } from './peer-reports.js';
import { linkOptions, type AdaptationHost, type AdaptationStack, type GatewayLink } from './adaptation.js';

export class M3uaStack implements AdaptationStack {
  readonly name = 'm3ua';
  readonly lower: SccpLayer;
  received = 0;
  private readonly transfer: M3uaTransfer;
  private readonly events: LinkEvents;
  /** The last ERR, NTFY and DUNA/DAVA from a peer, and the dialogues they end (once bound to the TCAP layer). */
  private reports: PeerReports | undefined;

  constructor(
    private readonly config: SigtranInstanceConfig,
    host: AdaptationHost,
  ) {
    const log = host.log;
    this.transfer = new M3uaTransfer(config, host);
    this.lower = new SccpLayer(
      { xudt: config.sccpMessage === 'xudt', protocolClass: config.sccpClass, returnOnError: config.returnOnError, pointCodeBits: config.pointCodeBits, reassemblyTimeoutMs: config.tcapTimeoutMs },
      this.transfer,
      log,
    );
    this.events = {
      state: (link, s) => host.linkState(link, s),
      data: (link, pd, raw) => this.onData(link, pd, raw, host.name),
      availability: (link, pcs, available) => this.availability(link, pcs, available),
      report: (link, kind, text, fault) => this.reports?.report(link, kind, text, fault),
      capture: (raw) => host.capture(raw),
      closed: (link, reason) => host.linkClosed(link, reason),
      log,
    };
  }

  get sent(): number {
    return this.transfer.sent;
  }

  bind(tcap: TcapLayer): void {
    this.lower.bind(tcap);
    this.reports = new PeerReports(tcap, this.events.log);
  }

  link(assoc: Association, side: 'initiator' | 'responder'): GatewayLink {
    return new M3uaLink(assoc, linkOptions(this.config, side), this.events);
  }

  describe(s: SigtranStatus): void {
    const unavailable = this.transfer.unavailablePointCodes;
    if (unavailable.length) s.unavailable = unavailable;
    const reports = this.reports?.status();
    if (reports) s.peerReports = reports;
  }

  /** DUNA: sends to those point codes are refused until DAVA (M3uaTransfer), and the dialogues to them end. */
  private availability(link: M3uaLink, pcs: readonly number[], available: boolean): void {
    this.transfer.availability(pcs, available, link.peer);
    const text = `M3UA ${available ? 'DAVA' : 'DUNA'} from ${link.peer} for point code(s) ${pcs.join(', ')}`;
    this.reports?.destination(text, available ? undefined : (d) => pcs.includes(d.dpc));
  }

  /** A DATA message from a link: SCCP's (SI 3) go up the stack. */
  private onData(link: M3uaLink, pd: ProtocolData, raw: Uint8Array, name: string): void {
    this.received++;
    if (pd.si !== ServiceIndicator.SCCP) {
      this.events.log('debug', `DATA with service indicator ${pd.si} (not SCCP) from ${link.peer}: ignored`);
      return;
    }
    this.lower.receive(pd, raw, link, `${name} ${link.peer}`);
  }
}
