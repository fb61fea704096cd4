// An INAP/CAP dialogue of an instance: the kit's TCAP-user dialogue with the codec variant it runs in.
import type { Dialogue } from '../sigtran/api.js';
import { TcapUserDialogue } from '../sigtran/user/index.js';
import type { Variant } from './codec/variants.js';

export class InapDialogue extends TcapUserDialogue {
  constructor(d: Dialogue, readonly variant: Variant) {
    super(d);
  }
}
