// The library of definitions (plain JSON files in the service's data directory) and the example templates.
import { authHeaders, checkResponse, requestJson } from './http.js';

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

/** What POST /api/import answers: the definitions by name, and the frames not imported with why. */
export interface CaptureImport {
  definitions: Array<{ name: string; definition: Record<string, unknown> }>;
  notes: Array<{ frame: number; why: string }>;
  summary: string;
}

/**
 * Upload a capture to the service's import (docs/web.md, POST /api/import) with the options as the query. Nothing
 * imported (422) resolves with no definitions and the notes; other refusals throw.
 */
export async function importCapture(file: Blob, options: Record<string, string>): Promise<CaptureImport> {
  const query = new URLSearchParams(Object.entries(options).filter(([, v]) => v !== '')).toString();
  const res = await fetch(`/api/import${query ? `?${query}` : ''}`, { method: 'POST', body: file, headers: { ...authHeaders(), accept: 'application/json', 'content-type': 'application/octet-stream' } });
  if (res.status === 422) {
    const b = (await res.json()) as { notes: CaptureImport['notes']; summary: string };
    return { definitions: [], notes: b.notes, summary: b.summary };
  }
  return (await (await checkResponse(res)).json()) as CaptureImport;
}
