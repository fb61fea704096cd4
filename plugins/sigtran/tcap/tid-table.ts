// The open dialogues by local transaction id: an open-addressing hash table (linear probing, deletion by backward
// shift, no tombstones) over a Uint32Array of keys and an array of values.
//
// Why not a Map: a long-lived Map with an entry set and deleted per dialogue rehashes into a new table every few
// dozen changes, and V8 links each obsolete table to its successor. Once one table of that chain has been promoted
// (the gateway was idle for two scavenges, say), the dead old table keeps every later table, and every dialogue
// they held, alive through each scavenge until the next full GC: at 20,000 dialogues/s nearly every dialogue was
// promoted to the old generation (docs/performance.md). Here a delete clears its slot in place, and growing or
// shrinking makes new arrays that nothing old points to.

const MIN_CAPACITY = 64;

export class TidTable<V> {
  private keys: Uint32Array;
  private vals: Array<V | undefined>;
  private mask: number;
  private shift: number;
  /** Entries in the table. */
  size = 0;

  constructor(capacity = MIN_CAPACITY) {
    const cap = Math.max(MIN_CAPACITY, 2 ** Math.ceil(Math.log2(capacity)));
    this.keys = new Uint32Array(cap);
    this.vals = new Array<V | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
  }

  /** The home slot of `tid` (Fibonacci hashing: consecutive ids spread over the table). */
  private home(tid: number): number {
    return Math.imul(tid, 0x9e3779b1) >>> this.shift;
  }

  /** The slot holding `tid`, or -1. Key 0 marks an empty slot: 0 is never a transaction id we allocate. */
  private find(tid: number): number {
    if (tid === 0) return -1;
    const keys = this.keys;
    for (let i = this.home(tid); ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === tid) return i;
      if (k === 0) return -1;
    }
  }

  get(tid: number): V | undefined {
    const i = this.find(tid >>> 0);
    return i < 0 ? undefined : this.vals[i];
  }

  has(tid: number): boolean {
    return this.find(tid >>> 0) >= 0;
  }

  /** Set `tid` (not 0) to `v`. */
  set(tid: number, v: V): void {
    tid >>>= 0;
    if (tid === 0) throw new RangeError('transaction id 0 cannot be stored');
    if ((this.size + 1) * 2 > this.keys.length) this.resize(this.keys.length * 2);
    const keys = this.keys;
    let i = this.home(tid);
    for (; keys[i] !== 0; i = (i + 1) & this.mask) {
      if (keys[i] === tid) {
        this.vals[i] = v;
        return;
      }
    }
    keys[i] = tid;
    this.vals[i] = v;
    this.size++;
  }

  delete(tid: number): boolean {
    let i = this.find(tid >>> 0);
    if (i < 0) return false;
    const keys = this.keys;
    const vals = this.vals;
    // backward shift: move each following entry of the run that may sit in the hole back into it
    for (let j = (i + 1) & this.mask; keys[j] !== 0; j = (j + 1) & this.mask) {
      const h = this.home(keys[j]!);
      // entry j may move to i when its home is not cyclically within (i, j]
      if (((j - h) & this.mask) >= ((j - i) & this.mask)) {
        keys[i] = keys[j]!;
        vals[i] = vals[j];
        i = j;
      }
    }
    keys[i] = 0;
    vals[i] = undefined;
    this.size--;
    if (this.size * 8 < this.keys.length && this.keys.length > MIN_CAPACITY) this.resize(this.keys.length / 2);
    return true;
  }

  /** The values, in no particular order (a copy: the table may change while the caller walks it). */
  values(): V[] {
    const out: V[] = [];
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== 0) out.push(this.vals[i]!);
    return out;
  }

  private resize(cap: number): void {
    const keys = this.keys;
    const vals = this.vals;
    this.keys = new Uint32Array(cap);
    this.vals = new Array<V | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== 0) this.set(keys[i]!, vals[i]!);
  }
}
