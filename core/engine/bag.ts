// A run's set of in-flight members (the instances waiting on an operation, the end signals made), without a Set.
//
// Why not a Set: a long-lived Set (or Map) with an entry added and removed per instance rehashes into a new table
// every few dozen changes, and V8 links each obsolete table to its successor (for live iterators). Once one table of
// that chain has been promoted to the old generation (the run was idle for two scavenges, say), the dead old table
// keeps every later table, and every member they held, alive through each scavenge until the next full GC: at
// 20,000 instances/s that promoted ~700 KB per scavenge and doubled the scavenges' pauses (docs/performance.md).
// A Bag is an array whose members know their position: add is a push, delete swaps the last member into the hole
// and pops. Nothing is reallocated but the array's own growth, and nothing links old storage to new.

/** A member of one Bag at a time: its position in it, -1 when in none. */
export interface BagMember {
  bagIndex: number;
}

export class Bag<T extends BagMember> {
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  /** Add `x` (nothing when it is in this bag already). */
  add(x: T): void {
    if (x.bagIndex >= 0 && this.items[x.bagIndex] === x) return;
    x.bagIndex = this.items.length;
    this.items.push(x);
  }

  /** Remove `x` (nothing when it is not in this bag). */
  delete(x: T): void {
    const i = x.bagIndex;
    if (i < 0 || this.items[i] !== x) return;
    const last = this.items.pop()!;
    if (last !== x) {
      this.items[i] = last;
      last.bagIndex = i;
    }
    x.bagIndex = -1;
  }

  /** Empty the bag and return what it held (in no particular order). */
  takeAll(): T[] {
    const all = this.items;
    this.items = [];
    for (const x of all) x.bagIndex = -1;
    return all;
  }
}
