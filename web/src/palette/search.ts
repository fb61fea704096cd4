// The palette's search: every operation type by name (or alias), family, direction and role. The role and its
// peer come from the type's name, `<family>.<role>_<to|from>_<peer>.<Name>` (docs/definitions.md).
import type { OperationType } from '../api/types.js';

export interface Facets {
  family: string;
  /** The tester's role (ssp, scp, client, ...): '' for the logic operations. */
  role: string;
  peer: string;
}

export function facetsOf(op: OperationType): Facets {
  const [family = '', middle = ''] = op.type.split('.');
  const m = /^(.+)_(?:to|from)_(.+)$/.exec(middle);
  return { family: op.type.includes('.') ? family : 'logic', role: m?.[1] ?? '', peer: m?.[2] ?? '' };
}

export interface Query {
  text: string;
  family: string;
  direction: string;
  role: string;
}

export function matches(op: OperationType, q: Query): boolean {
  const f = facetsOf(op);
  if (q.family && f.family !== q.family) return false;
  if (q.direction && op.direction !== q.direction) return false;
  if (q.role && f.role !== q.role) return false;
  const words = q.text.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = [op.type, ...(op.aliases ?? []), op.description, op.plugin].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** The distinct values of a facet, sorted. */
export function valuesOf(ops: readonly OperationType[], pick: (op: OperationType) => string): string[] {
  return [...new Set(ops.map(pick).filter(Boolean))].sort();
}
