// The page's frame: the navigation between the main views, the view of the current route, the token dialog.
import type { ComponentChildren } from 'preact';
import { href, useRoute, type Route } from './route.js';
import { TokenDialog } from './token-dialog.js';
import { PaletteView } from '../views/palette.js';
import { EditorView } from '../views/editor.js';
import { LibraryView } from '../views/library.js';
import { RunsView } from '../views/runs.js';
import { ResultsView } from '../views/results.js';
import { HistoryView } from '../views/history.js';
import { CompareView } from '../views/compare.js';
import { GatewaysView } from '../views/gateways.js';

/** The main views in the navigation's order: route name, label. */
const NAV: Array<[string, string]> = [
  ['editor', 'Editor'],
  ['operations', 'Operations'],
  ['library', 'Library'],
  ['runs', 'Runs'],
  ['history', 'History'],
  ['gateways', 'Gateways'],
];

function viewOf(route: Route): ComponentChildren {
  const [a, b] = route.args;
  switch (route.view) {
    case 'operations':
      return <PaletteView />;
    case 'editor':
      return <EditorView name={a} />;
    case 'library':
      return <LibraryView />;
    case 'results':
      return a ? <ResultsView runId={a} /> : <HistoryView />;
    case 'history':
      return <HistoryView />;
    case 'compare':
      return <CompareView a={a} b={b} />;
    case 'gateways':
      return <GatewaysView />;
    default:
      return <RunsView runId={route.view === 'runs' ? a : undefined} />;
  }
}

/** Which navigation entry a route belongs to (results and compare are part of the history). */
function section(route: Route): string {
  if (route.view === 'results' || route.view === 'compare') return 'history';
  return NAV.some(([v]) => v === route.view) ? route.view : 'runs';
}

export function Shell() {
  const route = useRoute();
  const current = section(route);
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Tester</span>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([view, label]) => (
              <li key={view}>
                <a href={href(view)} aria-current={view === current ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {viewOf(route)}
      </main>
      <TokenDialog />
    </>
  );
}
