// SUA under TCAP: TCAP messages in CLDTs (RFC 3868) on SUA links; DUNA/DAVA/SCON/DUPU kept as the destinations' state.
import type { SigtranInstanceConfig, SigtranStatus } from '../api.js';
import type { SccpUser } from '../sccp/service.js';
import { SuaAdaptation } from '../sua/adaptation.js';
import { SuaLink, type SuaLinkEvents } from '../sua/link.js';
import type { Association } from '../transport/index.js';
import { linkOptions, type AdaptationHost, type AdaptationStack, type GatewayLink } from './adaptation.js';

export class SuaStack implements AdaptationStack {
  readonly name = 'sua';
  readonly lower: SuaAdaptation;
  private readonly events: SuaLinkEvents;

  constructor(
    private readonly config: SigtranInstanceConfig,
    host: AdaptationHost,
  ) {
    const log = host.log;
    this.lower = new SuaAdaptation(
      { routingContext: config.routingContext, protocolClass: config.sccpClass, returnOnError: config.returnOnError, pointCodeBits: config.pointCodeBits, reassemblyTimeoutMs: config.tcapTimeoutMs },
      host,
      log,
    );
    this.events = {
      state: (link, s) => host.linkState(link, s),
      unitdata: (link, m, raw) => this.lower.receive(m, raw, link, `${host.name} ${link.peer}`),
      availability: (link, what, name) => {
        this.lower.availability(what, name, link.peer);
        const ssn = what.ssn !== undefined ? ` subsystem ${what.ssn}` : '';
        log('info', `${name} from ${link.peer} for point code(s) ${what.pcs.join(', ')}${ssn}${what.detail ? ': ' + what.detail : ''}`);
      },
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

  bind(user: SccpUser): void {
    this.lower.bind(user);
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
  }
}
