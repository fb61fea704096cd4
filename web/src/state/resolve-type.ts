// Which operation type a name in a definition means, as the service resolves it (its registry).
import type { Describe, OperationType } from '../api/types.js';

/** The operation type a name means: the type itself, an alias, or a labelled form `<family>.<label>.<Name>`. */
export function resolveType(describe: Describe, name: string): OperationType | undefined {
  const direct = describe.operations.find((op) => op.type === name || op.aliases?.includes(name));
  if (direct) return direct;
  const parts = name.split('.');
  if (parts.length !== 3) return undefined;
  return describe.operations.find((op) => op.labelled && op.type === `${parts[0]}.${parts[2]}`);
}
