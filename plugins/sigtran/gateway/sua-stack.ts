// SUA under TCAP: TCAP messages in CLDTs (RFC 3868) on SUA links; DUNA/DAVA/SCON/DUPU kept as the destinations' state;
// what the peers report about the traffic (ERR, NTFY, DUNA/DUPU) ends the dialogues it concerns at once
// (peer-reports.ts), as under M3UA.
import type { SigtranInstanceConfig, SigtranStatus } from '../api.js';
import { SuaAdaptation } from '../sua/adaptation.js';
import { SuaLink, type Availability, type SuaLinkEvents } from '../sua/link.js';
import type { TcapLayer } from '../tcap/layer.js';
import type { Association } from '../transport/index.js';
import { linkOptions, type AdaptationHost, type AdaptationStack, type GatewayLink } from './adaptation.js';
import { PeerReports } from './peer-reports.js';

export class SuaStack implements AdaptationStack {
  readonly name = 'sua';
  readonly lower: SuaAdaptation;
  private readonly events: SuaLinkEvents;
  /** The last ERR, NTFY and SSNM from a peer, and the dialogues they end (once bound to the TCAP layer). */
  private reports: PeerReports | undefined;

  constructor(
    private readonly config: SigtranInstanceConfig,
    host: AdaptationHost,
  ) {
    const log = host.log;
    this.lower = new SuaAdaptation(
      { protocolClass: config.sccpClass, returnOnError: config.returnOnError, pointCodeBits: config.pointCodeBits, reassemblyTimeoutMs: config.tcapTimeoutMs },
      host,
      log,
    );
    this.events = {
      state: (link, s) => host.linkState(link, s),
      unitdata: (link, m, raw) => this.lower.receive(m, raw, link, `${host.name} ${link.peer}`),
      availability: (link, what, name) => this.availability(link, what, name),
      report: (link, kind, text, fault) => this.reports?.report(link, kind, text, fault),
      capture: (raw) => host.capture(raw),
      closed: (link, reason) => host.linkClosed(link, reason),
      log,
    };
  }

  get sent(): number {
    return this.lower.sent;
  }

  get received(): number {
    return this.lower.received;
  }

  bind(tcap: TcapLayer): void {
    this.lower.bind(tcap);
    this.reports = new PeerReports(tcap, this.events.log);
  }

  link(assoc: Association, side: 'initiator' | 'responder'): GatewayLink {
    return new SuaLink(assoc, linkOptions(this.config, side), this.events);
  }

  describe(s: SigtranStatus): void {
    const pcs = this.lower.unavailablePointCodes;
    if (pcs.length) s.unavailable = pcs;
    const subsystems = this.lower.unavailableSubsystems;
    if (subsystems.length) s.unavailableSubsystems = subsystems;
    const congested = this.lower.congestedPointCodes;
    if (congested.length) s.congested = congested;
    const reports = this.reports?.status();
    if (reports) s.peerReports = reports;
  }

  /** DUNA, DUPU (for a point code, or one of its subsystems): sends there are refused until DAVA (SuaAdaptation),
   *  and the dialogues there end; DAVA and SCON are reported. */
  private availability(link: SuaLink, what: Availability, name: string): void {
    this.lower.availability(what, name, link.peer);
    const { pcs, ssn } = what;
    const text = `SUA ${name} from ${link.peer} for point code(s) ${pcs.join(', ')}${ssn !== undefined ? ` subsystem ${ssn}` : ''}${what.detail ? ': ' + what.detail : ''}`;
    const gone = !what.available && name !== 'SCON';
    this.reports?.destination(text, gone ? (d) => pcs.includes(d.dpc) && (ssn === undefined || d.remoteAddress.ssn === ssn) : undefined);
  }
}
