// Where an inbound UDT/XUDT came from, as the SCCP layer hands it to TCAP (InboundContext): the decoded message's
// addresses, with their octets viewed only when a reply needs them (SccpMessage.calledRaw).
import type { SccpAddress } from '../api.js';
import type { BoundLink, InboundContext } from './service.js';
import type { SccpMessage } from './codec.js';

export class SccpInbound implements InboundContext {
  readonly called: SccpAddress;
  readonly calling: SccpAddress;

  constructor(
    private readonly s: SccpMessage,
    readonly opc: number,
    readonly dpc: number,
    readonly sls: number,
    readonly raw: Uint8Array,
    readonly peer: string,
    readonly link: BoundLink,
  ) {
    this.called = s.called;
    this.calling = s.calling;
  }

  get calledRaw(): Uint8Array {
    return this.s.calledRaw;
  }

  get callingRaw(): Uint8Array {
    return this.s.callingRaw;
  }
}
