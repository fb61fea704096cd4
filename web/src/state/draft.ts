// The definition being edited (the draft): one per browser tab, shared by the palette ("Add to definition"), the
// editor's two views and the library. Kept in sessionStorage so a reload does not lose it.
import { useEffect, useState } from 'preact/hooks';

/** A Test Run definition: ExecuteTest's params as a file holds them (run_id is set when a run starts). */
export type Definition = Record<string, unknown> & { operations?: unknown[] };

export interface Draft {
  definition: Definition;
  /** The library name it was opened from or saved as. */
  name?: string;
}

const KEY = 'tester-draft';
const listeners = new Set<(d: Draft) => void>();

function initial(): Draft {
  try {
    const saved = sessionStorage.getItem(KEY);
    if (saved) return JSON.parse(saved) as Draft;
  } catch {
    // a damaged copy: start afresh
  }
  return { definition: { operations: [] } };
}

let current: Draft = initial();

export function getDraft(): Draft {
  return current;
}

export function setDraft(next: Draft): void {
  current = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the draft lives in memory only
  }
  for (const l of listeners) l(next);
}

/** Replace the definition, keeping the name. */
export function setDefinition(definition: Definition): void {
  setDraft({ ...current, definition });
}

/** Append an operation of `type` (the palette's "Add to definition"). */
export function appendOperation(type: string): void {
  const operations = [...(current.definition.operations ?? []), { type }];
  setDefinition({ ...current.definition, operations });
}

export function useDraft(): Draft {
  const [draft, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    set(current);
    return () => void listeners.delete(set);
  }, []);
  return draft;
}
