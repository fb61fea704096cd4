// Hash routes (#/editor/name): the page is one file served by the service, so every view is an address that can be
// bookmarked and opened in a new tab without the server knowing the routes.
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  /** The first segment: operations, editor, library, runs, results, history, compare, gateways. */
  view: string;
  /** The segments after it, decoded. */
  args: string[];
}

/** @public */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return { view: parts[0] ?? 'runs', args: parts.slice(1) };
}

/** The address of a view: href('results', runId) → '#/results/<runId>'. */
export function href(view: string, ...args: string[]): string {
  return `#/${[view, ...args.map(encodeURIComponent)].join('/')}`;
}

export function navigate(view: string, ...args: string[]): void {
  location.hash = href(view, ...args);
}

/** The current route, re-rendered on every hash change. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
