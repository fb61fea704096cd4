// The receive timeouts of a gateway's dialogues: one list per duration, one timer per list. Waits of one duration
// end in the order they began, so each list is kept in order by appending; a wait that ends earlier (its message
// came) is unlinked in O(1). No Timeout object and closure per waiting dialogue (each was ~300 bytes per in-flight
// test instance), and one timer fires for all the waits that are due.

/** What a list holds: the entry's links live in the waiting object itself (a dialogue waits once at a time). */
export interface DeadlineEntry {
  dlPrev: DeadlineEntry | undefined;
  dlNext: DeadlineEntry | undefined;
  /** When the wait is due: whole ms after its list's base (a small integer: a fraction or a large number would be a
   *  heap number of 16 bytes per waiting entry). */
  dlAt: number;
  /** The list the entry is in; undefined when in none. */
  dlList: DeadlineList | undefined;
  /** The wait is due: called once, after the entry was unlinked. */
  expire(list: DeadlineList): void;
}

/** The longest delay a Node timer takes (a longer one fires after 1 ms). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The base moves on before a deadline reaches this (12.4 days after it): a deadline stays a small integer. */
const REBASE_AT = 2 ** 30;

export class DeadlineList {
  private head: DeadlineEntry | undefined = undefined;
  private tail: DeadlineEntry | undefined = undefined;
  private timer: NodeJS.Timeout | undefined = undefined;
  /** When the armed timer fires (performance.now() ms). */
  private timerAt = 0;
  /** Entries in the list. */
  size = 0;
  /** What the entries' deadlines count from (ms of the clock). */
  private base: number;
  /** The wait's span, ms: `ms` where it is a usable timer delay, 0 (due at once) for a non-finite or negative one. */
  private readonly span: number;

  /**
   * @param ms the duration of every wait in this list
   * @param now the clock (ms); tests pass their own
   */
  constructor(
    readonly ms: number,
    private readonly now: () => number = performanceNow,
  ) {
    this.span = Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_DELAY_MS) : 0;
    this.base = now();
  }

  /** Start `e`'s wait of `ms` from now (unlinked first when it is in a list). */
  add(e: DeadlineEntry): void {
    if (e.dlList) e.dlList.remove(e);
    let at = Math.ceil(this.now() - this.base + this.span);
    if (at >= REBASE_AT) at -= this.rebase();
    e.dlAt = at;
    e.dlList = this;
    e.dlNext = undefined;
    e.dlPrev = this.tail;
    if (this.tail) this.tail.dlNext = e;
    else this.head = e;
    this.tail = e;
    this.size++;
    if (!this.timer) this.arm(this.span);
  }

  /** End `e`'s wait before it is due. */
  remove(e: DeadlineEntry): void {
    if (e.dlList !== this) return;
    if (e.dlPrev) e.dlPrev.dlNext = e.dlNext;
    else this.head = e.dlNext;
    if (e.dlNext) e.dlNext.dlPrev = e.dlPrev;
    else this.tail = e.dlPrev;
    e.dlPrev = e.dlNext = e.dlList = undefined;
    this.size--;
    // an empty list holds no timer (it would keep the process alive for nothing)
    if (!this.head && this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** Count the deadlines from now on (each entry's moved back as far): returns by how much the base moved. */
  private rebase(): number {
    const by = Math.floor(this.now() - this.base);
    this.base += by;
    for (let e = this.head; e; e = e.dlNext) e.dlAt -= by;
    return by;
  }

  /** Stop: every entry unlinked without expiring. */
  clear(): void {
    while (this.head) this.remove(this.head);
  }

  private arm(delay: number): void {
    this.timerAt = this.now() + delay;
    this.timer = setTimeout(this.fire, Math.max(1, Math.ceil(delay))); // delay <= span <= MAX_DELAY_MS
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    const now = this.now() - this.base;
    // timers may fire a fraction of a millisecond early (they count whole milliseconds): due means due now
    for (let e = this.head; e && e.dlAt <= now; e = this.head) {
      this.remove(e);
      e.expire(this);
    }
    if (this.head && !this.timer) this.arm(this.head.dlAt - now);
  };

  /** For tests: when the armed timer fires, undefined when none is armed. */
  get armedAt(): number | undefined {
    return this.timer ? this.timerAt : undefined;
  }
}

function performanceNow(): number {
  return performance.now();
}
