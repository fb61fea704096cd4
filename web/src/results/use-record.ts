// A run's record for the views that show it: read by QueryTest, and read again every 2 s while the run is still
// running (its results fill in as it goes); an error is kept for the view to show.
import { useEffect, useState } from 'preact/hooks';
import { queryTest } from '../api/records.js';
import type { RunRecord } from '../api/types.js';

const REFRESH_MS = 2000;

export function useRecord(runId: string | undefined): { record?: RunRecord; error?: string } {
  const [state, setState] = useState<{ record?: RunRecord; error?: string }>({});
  useEffect(() => {
    setState({});
    if (!runId) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const record = await queryTest(runId, abort.signal);
        setState({ record });
        if (record.completed !== 1) timer = setTimeout(() => void load(), REFRESH_MS);
      } catch (e) {
        if (!abort.signal.aborted) setState({ error: (e as Error).message });
      }
    };
    void load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [runId]);
  return state;
}
