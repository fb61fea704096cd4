// A per-request deadline for plugins' network requests that also follows the instance's signal, cleared as soon as the request ends (a plain
// AbortSignal.timeout would keep a timer alive for the whole timeout under load).
export interface Deadline {
  readonly signal: AbortSignal;
  /** True when the deadline (not the parent signal) ended the request. */
  readonly expired: boolean;
  done(): void;
}

export function deadline(ms: number, parent: AbortSignal | undefined): Deadline {
  const ac = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    ac.abort(new Error(`timed out after ${ms} ms`));
  }, ms);
  const onParent = () => ac.abort(parent!.reason);
  if (parent) {
    if (parent.aborted) ac.abort(parent.reason);
    else parent.addEventListener('abort', onParent, { once: true });
  }
  return {
    signal: ac.signal,
    get expired() {
      return expired;
    },
    done() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}
