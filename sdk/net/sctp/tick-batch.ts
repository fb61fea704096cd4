// The messages an association sends in one tick, handed to the stack together at the tick's end: the userland stack
// then bundles them into few packets (native/sctp/src/userland.c, set_corked), as TCP's writes of one tick leave in
// one writev (plugins/sigtran/transport/tcp.ts). Parallel arrays reused from tick to tick: nothing allocated per
// message once they have grown.
const NO_DATA = new Uint8Array(0);

/** Takes one message; `more`: others follow at once. False: no room now (the rest goes to `rest`). May throw. */
type Take = (data: Uint8Array, stream: number, ppid: number, more: boolean) => boolean;
type Rest = (data: Uint8Array, stream: number, ppid: number) => void;

export class TickBatch {
  private readonly data: Uint8Array[] = [];
  private readonly stream: number[] = [];
  private readonly ppid: number[] = [];
  private count = 0;
  private scheduled = false;

  /** `atEnd` runs once at the end of a tick in which add() was called (process.nextTick, as TCP's cork). */
  constructor(private readonly atEnd: () => void) {}

  private readonly tickEnd = (): void => {
    this.scheduled = false;
    this.atEnd();
  };

  add(data: Uint8Array, stream: number, ppid: number): void {
    const i = this.count++;
    this.data[i] = data;
    this.stream[i] = stream;
    this.ppid[i] = ppid;
    if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(this.tickEnd);
    }
  }

  /** Hand the messages in order to `take` while it takes them, the others in order to `rest`; then empty. */
  drain(take: Take, rest: Rest): void {
    const n = this.count;
    this.count = 0;
    let i = 0;
    try {
      for (; i < n && take(this.data[i]!, this.stream[i]!, this.ppid[i]!, i < n - 1); i++) this.data[i] = NO_DATA;
      for (; i < n; i++) {
        const d = this.data[i]!;
        this.data[i] = NO_DATA;
        rest(d, this.stream[i]!, this.ppid[i]!);
      }
    } finally {
      this.data.fill(NO_DATA, i, n); // after a throw: do not keep the buffers
    }
  }

  /** Forget the messages (the association is closed). */
  clear(): void {
    this.data.fill(NO_DATA, 0, this.count);
    this.count = 0;
  }
}
