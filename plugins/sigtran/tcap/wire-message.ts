// What a send put on the wire (WireMessage), as the sender gets it back. Most senders read its bytes, if anything:
// the texts (peer, transaction ids in hex) are made when read, not for every message sent.
import type { Adaptation, WireMessage } from '../api.js';
import { toHex } from '../ber/hex.js';
import type { BoundLink } from '../sccp/service.js';
import { tidHex } from './codec.js';

export class SentMessage implements WireMessage {
  segments?: Uint8Array[];
  constructor(
    readonly bytes: Uint8Array,
    readonly dissector: Adaptation,
    readonly tcap: WireMessage['tcap'],
    private readonly gatewayName: string,
    private readonly link: BoundLink,
    private readonly tid: number,
    /** The peer's transaction id when it went (the dialogue's own copy: never changed, only replaced). */
    private readonly rtid: Uint8Array | undefined,
  ) {}

  get peer(): string {
    return `${this.gatewayName} ${this.link.peer}`;
  }

  get localTid(): string {
    return tidHex(this.tid);
  }

  get remoteTid(): string | undefined {
    return this.rtid && toHex(this.rtid);
  }
}
