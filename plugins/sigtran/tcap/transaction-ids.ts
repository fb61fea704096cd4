// The open dialogues of a gateway by local transaction id, and the allocation of new ids: 4 octets, never 0, never
// one in use, counting on from a random start (two service runs in a row do not reuse each other's ids at once).
import { IdTable } from '../../../sdk/index.js';
import { SigtranError } from '../errors.js';
import { tidNumber } from './codec.js';

/** How many ids past the last one are tried before allocation gives up (the table is nearly full there). */
const PROBES = 1000;

export class TransactionIds<D extends { readonly localTid: number }> {
  /**
   * Open dialogues by local transaction id (an IdTable, not a Map: see sdk/id-table.ts), never fewer than 1,024 slots
   * (12 KB): a load run's open dialogues swing between a few and a few hundred from one burst of answers to the next.
   */
  private readonly open = new IdTable<D>(1024);

  /**
   * @param max how many dialogues may be open at once (maxDialogues)
   * @param last the id allocation counts on from
   */
  constructor(
    private readonly max: number,
    private last = (Math.random() * 0x7fffffff) >>> 0,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** A free id; SigtranError 'state' when `max` dialogues are open or no id near the last one is free. */
  allocate(): number {
    if (this.open.size >= this.max) {
      throw new SigtranError('state', `too many open TCAP dialogues (${this.open.size}; maxDialogues ${this.max})`);
    }
    for (let i = 0; i < PROBES; i++) {
      this.last = (this.last + 1) >>> 0;
      if (this.last === 0) continue;
      if (!this.open.has(this.last)) return this.last;
    }
    throw new SigtranError('state', 'no free TCAP transaction id');
  }

  add(d: D): void {
    this.open.set(d.localTid, d);
  }

  release(d: D): void {
    this.open.delete(d.localTid);
  }

  /** The open dialogue of a transaction id as received (1 to 4 octets). */
  find(tid: Uint8Array): D | undefined {
    return this.open.get(tidNumber(tid));
  }

  values(): D[] {
    return this.open.values();
  }
}
