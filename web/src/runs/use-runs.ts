// The runs the service knows (ListTests), asked every 2 s while the view is shown: runs started here, by another
// client (the CLI, a CI job) or before a restart (the run store).
import { useEffect, useState } from 'preact/hooks';
import { rpc } from '../api/rpc.js';
import type { ListTestsAnswer } from '../api/types.js';

const POLL_MS = 2000;

export function useRuns(): { runs?: ListTestsAnswer['runs']; error?: string } {
  const [state, setState] = useState<{ runs?: ListTestsAnswer['runs']; error?: string }>({});
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const a = await rpc<ListTestsAnswer>('ListTests');
        if (live) setState({ runs: a.runs });
      } catch (e) {
        if (live) setState((s) => ({ ...s, error: (e as Error).message }));
      }
      if (live) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return state;
}
