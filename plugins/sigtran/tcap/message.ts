// The inbound message object handed to protocol plugins.
import type { Json } from '../../../sdk/index.js';
import type { Component, Dialogue, DialoguePdu, TcapMessage } from '../api.js';
import { toHex } from '../ber/hex.js';
import type { InboundContext } from '../sccp/service.js';

/** Where a message came from: the SCCP addresses, the MTP3 label, the M3UA bytes and the peer. */
type MessageOrigin = Pick<InboundContext, 'called' | 'calling' | 'opc' | 'dpc' | 'sls' | 'raw' | 'peer' | 'dissector'>;

// The fields are TcapMessage's (declared once, in api.ts): the interface merges into the class, so they are not
// written twice. The rule against merging guards against a class that leaves merged fields unset: the constructor
// below sets every field of TcapMessage (test/plugins/sigtran/tcap/message.test.ts reads them all).
// oxlint-disable-next-line typescript/no-unsafe-declaration-merging
export interface InboundMessage extends TcapMessage {}

export class InboundMessage implements TcapMessage {
  constructor(kind: TcapMessage['kind'], dialogue: Dialogue, components: readonly Component[], dialoguePdu: DialoguePdu | undefined, from: MessageOrigin) {
    this.kind = kind;
    this.dialogue = dialogue;
    this.components = components;
    if (dialoguePdu) this.dialoguePdu = dialoguePdu;
    this.ac = dialoguePdu && dialoguePdu.type !== 'abrt' ? dialoguePdu.ac : null;
    this.called = from.called;
    this.calling = from.calling;
    this.opc = from.opc;
    this.dpc = from.dpc;
    this.sls = from.sls;
    this.bytes = from.raw;
    this.dissector = from.dissector ?? 'm3ua';
    this.peer = from.peer;
    this.receivedAt = Date.now();
  }

  summary(): Json {
    const out: { [k: string]: Json } = {
      tcap: this.kind,
      otid: this.kind === 'begin' || this.kind === 'continue' ? (this.dialogue.remoteTidHex ?? null) : null,
      dtid: this.kind !== 'begin' ? this.dialogue.localTidHex : null,
      ac: this.ac ? (this.ac.name ?? this.ac.oid) : null,
      opc: this.opc,
      dpc: this.dpc,
    };
    if (this.dialoguePdu) {
      const d = this.dialoguePdu;
      out.dialogue = d.type === 'aare' ? `aare ${d.result} (${d.diagnostic.source} ${d.diagnostic.code})` : d.type === 'abrt' ? `abrt ${d.source}` : 'aarq';
    }
    if (this.reason) out.reason = this.reason;
    out.components = this.components.map((c): Json => {
      switch (c.type) {
        case 'invoke':
          return { type: 'invoke', invokeId: c.invokeId, opcode: c.opcode, ...(c.linkedId !== undefined ? { linkedId: c.linkedId } : {}), ...(c.argument ? { argument: toHex(c.argument) } : {}) };
        case 'returnResult':
          return { type: c.last ? 'returnResultLast' : 'returnResultNotLast', invokeId: c.invokeId, opcode: c.opcode ?? null };
        case 'returnError':
          return { type: 'returnError', invokeId: c.invokeId, errorCode: c.errorCode };
        case 'reject':
          return { type: 'reject', invokeId: c.invokeId, problem: c.text };
      }
    });
    return out;
  }
}
