// What a capture importer needs of Diameter (exported to dependent plugins): a captured message decoded with the
// built-in dictionaries — command, request or answer, hop-by-hop id, Session-Id, Origin-Host, the AVPs as the
// `avps` argument of diameter.to_server.Request takes them (enumerations by name, Grouped as nested lists) and as the
// object form a result has (what tests[] address). The importer itself (plugins/capture) knows no Diameter.
import type { Json, JsonObject } from '../../sdk/index.js';
import { isRequest } from './codec/header.js';
import type { DecodedAvp } from './codec/view.js';
import { Dictionary } from './dictionary/dictionary.js';
import { decode } from './runtime/decoded.js';

/** AVPs of the answer that change per session or name the node: not checked unless strict. */
export const DIAMETER_PER_CALL_AVPS: readonly string[] = ['Session-Id', 'Origin-Host', 'Origin-Realm', 'Event-Timestamp', 'Origin-State-Id'];
/** AVPs of a request the tester's node adds from its configuration (auto_avps): left out of an imported request. */
const NODE_AVPS: ReadonlySet<string> = new Set(['Session-Id', 'Origin-Host', 'Origin-Realm', 'Destination-Host', 'Destination-Realm']);
/** Base protocol commands the peers exchange by themselves: CER/CEA, DWR/DWA, DPR/DPA. */
const BASE_COMMANDS: ReadonlySet<number> = new Set([257, 280, 282]);

export interface DiameterMessage {
  request: boolean;
  /** 'Credit-Control-Request' */
  name: string;
  /** 'CCR' */
  abbrev: string;
  hopByHop: number;
  sessionId?: string;
  originHost?: string;
  /** The AVPs as a request's `avps` argument, the node's own left out; Event-Timestamp as "now". */
  items: JsonObject[];
  /** The object form (a result's AVPs). */
  object: JsonObject;
  errors: string[];
}

let dict: Dictionary | undefined;

/** A captured Diameter message, `{ base }` for the peers' own exchanges, or `{ fault }`. */
export function decodeDiameter(bytes: Uint8Array): DiameterMessage | { base: string } | { fault: string } {
  dict ??= new Dictionary();
  try {
    const d = decode(dict, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const h = d.parsed.header;
    if (BASE_COMMANDS.has(h.code)) return { base: d.abbrev };
    const str = (k: string) => (typeof d.object[k] === 'string' ? (d.object[k] as string) : undefined);
    return {
      request: isRequest(h.flags),
      name: d.name,
      abbrev: d.abbrev,
      hopByHop: h.hopByHop,
      ...(str('Session-Id') ? { sessionId: str('Session-Id') } : {}),
      ...(str('Origin-Host') ? { originHost: str('Origin-Host') } : {}),
      items: d.view.filter((a) => !NODE_AVPS.has(a.name)).map(item),
      object: d.object,
      errors: d.errors,
    };
  } catch (e) {
    return { fault: (e as Error).message };
  }
}

function item(a: DecodedAvp): JsonObject {
  if (a.avps) return { name: a.name, value: a.avps.map(item) };
  if (a.name === 'Event-Timestamp') return { name: a.name, value: 'now' };
  if (a.value === undefined) return { name: a.name, hex: a.hex ?? '' };
  return { name: a.name, value: (a.enum ?? a.value) as Json };
}
