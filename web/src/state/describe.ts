// DescribeOperations, asked once per page: the palette, the forms, the JSON editor's completion and the validation
// all read the same answer (the service's plugins do not change while it runs).
import { useEffect, useState } from 'preact/hooks';
import { rpc } from '../api/rpc.js';
import type { Describe } from '../api/types.js';

let pending: Promise<Describe> | undefined;

function loadDescribe(): Promise<Describe> {
  pending ??= rpc<Describe>('DescribeOperations').catch((e: unknown) => {
    pending = undefined; // asked again next time (e.g. after the token was entered)
    throw e;
  });
  return pending;
}

/** The answer once loaded, or the error that stopped it. */
export function useDescribe(): { describe?: Describe; error?: string } {
  const [state, setState] = useState<{ describe?: Describe; error?: string }>({});
  useEffect(() => {
    let live = true;
    loadDescribe().then(
      (describe) => live && setState({ describe }),
      (e: unknown) => live && setState({ error: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
