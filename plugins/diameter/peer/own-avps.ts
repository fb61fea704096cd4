// The AVPs a node adds to its messages itself (Origin-Host, Origin-Realm, Destination-Realm, the application id):
// the same values message after message, so each code's node is made once per value and sent again (messages only
// read their nodes). One entry per code: a changed value (a Destination-Realm learnt from the CEA) replaces it.
import type { AvpNode } from '../codec/avp.js';
import { str, u32 } from './avps.js';

interface Entry {
  value: string | number;
  node: AvpNode;
}

export class OwnAvps {
  private readonly byCode = new Map<number, Entry>();

  /** A UTF8String/DiameterIdentity AVP with the M flag. */
  str(code: number, value: string): AvpNode {
    const e = this.byCode.get(code);
    if (e !== undefined && e.value === value) return e.node;
    return this.keep(code, value, str(code, value));
  }

  /** An Unsigned32 AVP with the M flag. */
  u32(code: number, value: number): AvpNode {
    const e = this.byCode.get(code);
    if (e !== undefined && e.value === value) return e.node;
    return this.keep(code, value, u32(code, value));
  }

  private keep(code: number, value: string | number, node: AvpNode): AvpNode {
    this.byCode.set(code, { value, node });
    return node;
  }
}
