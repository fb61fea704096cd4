// The AVP nodes argument items made, kept to be sent again. A load run sends the same CCR thousands of times a second
// and most of its AVPs do not change from one instance to the next (Service-Context-Id, CC-Request-Type, a
// Requested-Service-Unit): an item's node is a function of the dictionary and the item, so a node made once is taken
// again instead of looking the name up, resolving the enumerated name and encoding the value again. Nodes are never
// changed after they are made (messages only read them), so one node may sit in many messages.
//  - a plain leaf item `{ name, value }` with a string or number value: by name and value (at most LEAF_VALUES values
//    per name, so that a value that changes every instance, an MSISDN, costs a miss and no memory);
//  - a plain Grouped item whose value is an object or a list: by the value's identity, the last one per name (the
//    expressions' renderer shares values without expressions between instances, never copies them).
// Time values ('now') and items with hex, code, vendor, type or flags are encoded every time (encodeItem).
import type { AvpNode } from './avp.js';
import { encodeItem, groupedItems, type AvpItem } from './view.js';
import type { Dictionary } from '../dictionary/dictionary.js';

/** Values kept per AVP name: enough for the enumerated values and constants of a definition. */
const LEAF_VALUES = 16;

interface NameMemo {
  leaves: Map<string | number, AvpNode>;
  /** The Grouped value last encoded under this name, and its node (undefined: not to be kept). */
  group: object | undefined;
  groupNode: AvpNode | undefined;
}

export class ItemMemo {
  private readonly byName = new Map<string, NameMemo>();
  /** Set while encoding when something was made that must not be kept (a Time value, an item not memoised). */
  private volatile = false;

  constructor(private readonly dict: Dictionary) {}

  /** The node of `items[index]`; `path` (e.g. `arguments.avps`) names the list in errors. */
  encode(items: readonly AvpItem[], index: number, path: string): AvpNode {
    const it = items[index]!;
    if (!isPlain(it)) {
      this.volatile = true;
      return encodeItem(this.dict, it, `${path}[${index}]`);
    }
    const v = it.value;
    if (typeof v === 'string' || typeof v === 'number') return this.leaf(it, it.name!, v, path, index);
    if (v !== null && typeof v === 'object') return this.grouped(it, it.name!, v, path, index);
    this.volatile = true;
    return encodeItem(this.dict, it, `${path}[${index}]`);
  }

  private memoOf(name: string): NameMemo {
    let m = this.byName.get(name);
    if (m === undefined) this.byName.set(name, (m = { leaves: new Map(), group: undefined, groupNode: undefined }));
    return m;
  }

  private leaf(it: AvpItem, name: string, v: string | number, path: string, index: number): AvpNode {
    const m = this.memoOf(name);
    const hit = m.leaves.get(v);
    if (hit !== undefined) return hit;
    const node = encodeItem(this.dict, it, `${path}[${index}]`);
    if (this.dict.avp(name)?.type === 'Time') this.volatile = true;
    else if (m.leaves.size < LEAF_VALUES) m.leaves.set(v, node);
    return node;
  }

  private grouped(it: AvpItem, name: string, v: object, path: string, index: number): AvpNode {
    const m = this.memoOf(name);
    if (m.group === v && m.groupNode !== undefined) return m.groupNode;
    const def = this.dict.avp(name);
    if (def === undefined || def.type !== 'Grouped') {
      this.volatile = true;
      return encodeItem(this.dict, it, `${path}[${index}]`);
    }
    const outer = this.volatile;
    this.volatile = false;
    const p = `${path}[${index}].value`;
    const items = groupedItems(v, p);
    const children: AvpNode[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) children[i] = this.encode(items, i, p);
    const node: AvpNode = { code: def.code, flags: def.flags, vendorId: def.vendorId, children };
    if (this.volatile) {
      m.group = undefined;
      m.groupNode = undefined;
    } else {
      m.group = v;
      m.groupNode = node;
    }
    this.volatile ||= outer;
    return node;
  }
}

/** Only a name and a value: nothing else changes how the item encodes. */
function isPlain(it: AvpItem): boolean {
  return typeof it.name === 'string' && it.hex === undefined && it.code === undefined && it.vendor === undefined &&
    it.type === undefined && it.flags === undefined;
}

const memos = new WeakMap<Dictionary, ItemMemo>();

/** The memo of a dictionary's items (one per dictionary: a node depends on the definitions it was made with). */
export function itemMemoOf(dict: Dictionary): ItemMemo {
  let m = memos.get(dict);
  if (m === undefined) memos.set(dict, (m = new ItemMemo(dict)));
  return m;
}
