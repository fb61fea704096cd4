// Cooperative yielding: operations without I/O run synchronously, so a run of them could hold the event loop
// for seconds and starve the service (ExecuteTest, QueryTest, CancelTest, other runs' timers). The engine asks
// shouldYield() between steps and yields (setImmediate) once the current turn of the event loop has run for
// TURN_BUDGET_MS.

const TURN_BUDGET_MS = 10;
let turnStart = 0;
let marked = false;

function endTurn(): void {
  marked = false;
}

export function shouldYield(): boolean {
  const now = performance.now();
  if (!marked) {
    marked = true;
    turnStart = now;
    setImmediate(endTurn); // runs when this turn is over: the next check starts a new one
    return false;
  }
  return now - turnStart > TURN_BUDGET_MS;
}

export function nextTurn(): Promise<void> {
  return new Promise((r) => setImmediate(r));
}
