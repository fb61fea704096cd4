// A table of values by 32-bit unsigned id (a TCAP transaction id, a Diameter hop-by-hop id): open addressing with
// linear probing and deletion by backward shift (no tombstones) over a Uint32Array of keys and an array of values.
//
// Why not a Map: a long-lived Map with an entry set and deleted per request rehashes into a new table every few
// dozen changes, and V8 links each obsolete table to its successor. Once one table of that chain has been promoted
// (the table sat unchanged through two scavenges: an idle gateway between runs, say), the dead old table keeps every
// later table, and every value they held, alive through each scavenge until the next full GC: at 20,000 TCAP
// dialogues/s nearly every dialogue was promoted to the old generation (docs/performance.md, "The fourth round").
// Here a delete clears its slot in place, and growing or shrinking makes new arrays that nothing old points to.

const MIN_CAPACITY = 64;

export class IdTable<V> {
  // set by allocate()
  private keys!: Uint32Array;
  private vals!: Array<V | undefined>;
  private mask!: number;
  private shift!: number;
  /** Id 0 marks an empty slot in `keys`: its value, when it has one, is kept here. */
  private zero: V | undefined = undefined;
  private hasZero = false;
  /** Entries in the table. */
  size = 0;
  /** The capacity the table starts with and never shrinks below. */
  private readonly floor: number;

  /**
   * @param capacity slots to start with, and the fewest the table keeps: a table whose count swings below an eighth
   * of its slots and back (a gateway's open dialogues between two bursts) would otherwise shrink and grow again each
   * swing, making new arrays and moving every entry each time.
   */
  constructor(capacity = MIN_CAPACITY) {
    this.floor = Math.max(MIN_CAPACITY, 2 ** Math.ceil(Math.log2(capacity)));
    this.allocate(this.floor);
  }

  /** Empty arrays of `cap` slots (a power of two). */
  private allocate(cap: number): void {
    this.keys = new Uint32Array(cap);
    this.vals = new Array<V | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
  }

  /** The home slot of `id` (Fibonacci hashing: consecutive ids spread over the table). */
  private home(id: number): number {
    return Math.imul(id, 0x9e3779b1) >>> this.shift;
  }

  /** The slot holding `id` (not 0), or -1. */
  private find(id: number): number {
    const keys = this.keys;
    for (let i = this.home(id); ; i = (i + 1) & this.mask) {
      const k = keys[i]!;
      if (k === id) return i;
      if (k === 0) return -1;
    }
  }

  get(id: number): V | undefined {
    id >>>= 0;
    if (id === 0) return this.zero;
    const i = this.find(id);
    return i < 0 ? undefined : this.vals[i];
  }

  has(id: number): boolean {
    id >>>= 0;
    return id === 0 ? this.hasZero : this.find(id) >= 0;
  }

  /** Set `id` (read as a 32-bit unsigned integer) to `v`. */
  set(id: number, v: V): void {
    id >>>= 0;
    if (id === 0) {
      if (!this.hasZero) this.size++;
      this.hasZero = true;
      this.zero = v;
      return;
    }
    if ((this.size + 1) * 2 > this.keys.length) this.resize(this.keys.length * 2);
    const keys = this.keys;
    let i = this.home(id);
    for (; keys[i] !== 0; i = (i + 1) & this.mask) {
      if (keys[i] === id) {
        this.vals[i] = v;
        return;
      }
    }
    keys[i] = id;
    this.vals[i] = v;
    this.size++;
  }

  delete(id: number): boolean {
    id >>>= 0;
    if (id === 0) {
      if (!this.hasZero) return false;
      this.hasZero = false;
      this.zero = undefined;
      this.size--;
      return true;
    }
    let i = this.find(id);
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
    if (this.size * 8 < this.keys.length && this.keys.length > this.floor) this.resize(this.keys.length / 2);
    return true;
  }

  /** The values, in no particular order (a copy: the table may change while the caller walks it). */
  values(): V[] {
    const out: V[] = this.hasZero ? [this.zero!] : [];
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== 0) out.push(this.vals[i]!);
    return out;
  }

  /** Remove every entry. */
  clear(): void {
    this.allocate(this.floor);
    this.zero = undefined;
    this.hasZero = false;
    this.size = 0;
  }

  private resize(cap: number): void {
    const keys = this.keys;
    const vals = this.vals;
    this.allocate(cap);
    this.size = this.hasZero ? 1 : 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== 0) this.set(keys[i]!, vals[i]!);
  }
}
