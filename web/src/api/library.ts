// The library of definitions (plain JSON files in the service's data directory) and the example templates.
import { requestJson } from './http.js';

export interface LibraryEntry {
  name: string;
  /** ISO time of the file's last change. */
  modified: string;
  bytes: number;
}

export interface Template {
  name: string;
  title: string;
  definition: Record<string, unknown>;
}

const path = (name: string) => `/api/library/${encodeURIComponent(name)}`;

export const library = {
  list: () => requestJson<LibraryEntry[]>('GET', '/api/library'),
  open: (name: string) => requestJson<Record<string, unknown>>('GET', path(name)),
  save: (name: string, definition: Record<string, unknown>) => requestJson<{ name: string }>('PUT', path(name), definition),
  remove: (name: string) => requestJson<unknown>('DELETE', path(name)),
  rename: (name: string, to: string) => requestJson<unknown>('POST', `${path(name)}/rename`, { to }),
  templates: () => requestJson<Template[]>('GET', '/api/templates'),
};
