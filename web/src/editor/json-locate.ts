// Where a JSON path is in the text of the JSON editor: the range a problem's underline covers. An unknown field
// underlines its name; a missing one, the object that should hold it.
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { Segment } from './paths.js';

export function locate(text: string, path: readonly Segment[]): { from: number; to: number } {
  const root = parseTree(text);
  if (!root) return { from: 0, to: Math.min(text.length, 1) };
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, path.slice(0, n) as Array<string | number>);
    if (!node) continue;
    const key = keyOf(node);
    if (n < path.length) return key ?? { from: node.offset, to: node.offset + 1 };
    if (node.type === 'object' || node.type === 'array') return key ?? { from: node.offset, to: node.offset + 1 };
    return { from: key?.from ?? node.offset, to: node.offset + node.length };
  }
  return { from: 0, to: 1 };
}

function keyOf(node: Node): { from: number; to: number } | undefined {
  const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return key ? { from: key.offset, to: key.offset + key.length } : undefined;
}
