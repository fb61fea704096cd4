// Poll while the page is visible: call `load` at once, then every `everyMs` after the previous call ended; stop
// while the tab is hidden (nobody looks) and poll again at once when it shows.
import { useEffect, useState } from 'preact/hooks';

export function usePoll<T>(load: (signal: AbortSignal) => Promise<T>, everyMs: number): { value?: T; error?: string } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    const tick = async () => {
      clearTimeout(timer);
      if (inFlight || document.visibilityState !== 'visible') return;
      inFlight = true;
      try {
        setState({ value: await load(abort.signal) });
      } catch (e) {
        if (!abort.signal.aborted) setState((s) => ({ ...s, error: (e as Error).message }));
      } finally {
        inFlight = false;
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void tick(), everyMs);
    };
    const onVisibility = () => void tick();
    document.addEventListener('visibilitychange', onVisibility);
    void tick();
    return () => {
      abort.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [load, everyMs]);
  return state;
}
