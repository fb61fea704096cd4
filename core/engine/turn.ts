// Cooperative, fair yielding. Operations without I/O run synchronously, so a run of them could hold the event loop
// for seconds and starve the service (ExecuteTest, QueryTest, CancelTest, timers) and the other runs. The engine
// asks shouldYield() between steps and instance starts; once the current slice has run SLICE_MS it yields with
// nextTurn()/nextSlice() (setImmediate). Every resumption starts a slice of its own, so the runs that yielded take
// turns round-robin (in the order they yielded), each for at most SLICE_MS, and I/O is served between rounds.

const SLICE_MS = 10;
/**
 * The clock is read at every eighth ask: a step takes microseconds, a slice 10 ms, and a performance.now()
 * per step (several per instance) was ~3% of a load run's profile. A mask: a power of two minus one.
 */
const CHECK_EVERY_MASK = 7;
let sliceStart = 0;
let open = false;
let asks = 0;
/** The slice was found over: every later ask yields (whichever caller's ask happened to read the clock). */
let over = false;

function close(): void {
  open = false;
}

function begin(): void {
  open = true;
  over = false;
  sliceStart = performance.now();
  setImmediate(close); // the next round starts fresh for whatever runs first in it (an I/O callback, a timer)
}

/** Whether the current slice has run long enough that the caller should yield. */
export function shouldYield(): boolean {
  if (!open) {
    begin();
    return false;
  }
  if (over) return true;
  if ((++asks & CHECK_EVERY_MASK) !== 0) return false;
  over = performance.now() - sliceStart > SLICE_MS;
  return over;
}

/** Yield; the continuation runs in a later round with a fresh slice of its own. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    setImmediate(() => {
      begin();
      resolve();
    }),
  );
}

/** Call fn in a later round, with a fresh slice of its own. */
export function nextSlice(fn: () => void): void {
  setImmediate(() => {
    begin();
    fn();
  });
}
