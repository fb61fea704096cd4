// Turn operation arguments into an encoded request or answer: dictionary resolution of the command and the AVPs,
// Session-Id_auto, and the AVPs a node adds itself (Origin-Host/Realm, Destination-Realm, application ids)
// unless the definition gives them or removes them with a null value.
import { AvpFlag, type AvpNode } from '../codec/avp.js';
import { itemDefinition, ItemError, type AvpItem } from '../codec/view.js';
import { itemMemoOf } from '../codec/item-memo.js';
import type { Dictionary } from '../dictionary/dictionary.js';
import type { CommandDefinition } from '../dictionary/types.js';
import { newSessionId } from '../peer/ids.js';
import type { DiameterPeer } from '../peer/peer.js';
import { A, group, str, u32 } from '../peer/avps.js';

export const SESSION_ID_AUTO = 'Session-Id_auto';
/** Auth-Session-State (RFC 6733 §8.11). */
const AUTH_SESSION_STATE = 277;

export interface BuiltAvps {
  nodes: AvpNode[];
  sessionId: string | undefined;
}

/** Resolve a command written as a name, abbreviation or number. */
export function resolveCommand(dict: Dictionary, name: string | number | undefined, code: number | undefined, path: string): CommandDefinition {
  const key = name ?? code;
  if (key === undefined) throw new ItemError(path, 'give the command: "name" (e.g. "Credit-Control-Request" or "CCR") or "code"');
  const c = dict.command(key);
  if (!c) {
    if (typeof key === 'number' || /^\d+$/.test(String(key))) {
      const n = Number(key);
      return { name: `Command-${n}`, code: n, applicationId: null, requestName: `Command-${n}-Request`, answerName: `Command-${n}-Answer`, requestAbbrev: `${n}R`, answerAbbrev: `${n}A`, proxiable: true };
    }
    throw new ItemError(`${path}.name`, `unknown Diameter command '${key}' (e.g. CCR, Credit-Control-Request, RAR, UDR, or a number)`);
  }
  return c;
}

/**
 * Split argument items into: Session-Id (explicit or _auto), removed names (value null), and the rest.
 * Encodes the rest; returns nodes in wire order: Session-Id first, then `auto` AVPs, then the given ones.
 */
export function buildRequestAvps(
  dict: Dictionary, peer: DiameterPeer, cmd: CommandDefinition, applicationId: number,
  items: readonly AvpItem[], auto: boolean, path: string,
): BuiltAvps {
  let sessionId: string | undefined;
  let sessionNode: AvpNode | undefined;
  // the AVPs `auto` adds that the items give or remove (null), as bits: no Set per request
  let given = 0;
  let removed = 0;
  const memo = itemMemoOf(dict);
  const nodes: AvpNode[] = [];
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.name === SESSION_ID_AUTO) {
      sessionId = newSessionId(peer.config.origin_host, typeof it.value === 'string' && it.value ? it.value : undefined);
      sessionNode = str(A.SessionId, sessionId);
      continue;
    }
    const def = (typeof it.name === 'string' ? dict.avp(it.name) : undefined) ?? itemDefinition(dict, it, `${path}[${i}]`);
    const bit = def.vendorId ? 0 : autoBit(def.code);
    if (it.value === null && it.hex === undefined) {
      removed |= bit;
      continue;
    }
    given |= bit;
    if (def.code === A.SessionId && !def.vendorId && it.hex === undefined && typeof it.value === 'string') sessionId = it.value;
  }
  // encoded after every item was resolved: an unknown name is reported before a bad value, as always
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.name !== SESSION_ID_AUTO && !(it.value === null && it.hex === undefined)) nodes.push(memo.encode(items, i, path));
  }
  // Session-Id goes first (RFC 6733 §8.8): move an explicit one to the front.
  if (!sessionNode) {
    const idx = nodes.findIndex((n) => n.code === A.SessionId && !n.vendorId);
    if (idx >= 0) sessionNode = nodes.splice(idx, 1)[0];
  }
  const front: AvpNode[] = [];
  if (sessionNode) front.push(sessionNode);
  if (auto) {
    const own = peer.ownAvps;
    const want = (code: number) => ((given | removed) & autoBit(code)) === 0;
    if (want(A.OriginHost)) front.push(own.str(A.OriginHost, peer.config.origin_host));
    if (want(A.OriginRealm)) front.push(own.str(A.OriginRealm, peer.config.origin_realm));
    if (applicationId !== 0) {
      if (want(A.DestinationRealm)) front.push(own.str(A.DestinationRealm, peer.destinationRealm()));
      const dh = peer.destinationHost();
      if (dh && want(A.DestinationHost)) front.push(own.str(A.DestinationHost, dh));
      const app = dict.application(applicationId);
      const cfg = peer.config.applications.find((a) => a.id === applicationId);
      const vendor = app?.vendorId || cfg?.vendor || 0;
      const kind = app?.kind ?? cfg?.kind ?? 'auth';
      if (vendor) {
        if (want(A.VendorSpecificApplicationId)) {
          front.push(group(A.VendorSpecificApplicationId, [u32(A.VendorId, vendor), u32(kind === 'auth' ? A.AuthApplicationId : A.AcctApplicationId, applicationId)]));
        }
        // Sh and the other 3GPP stateless applications require Auth-Session-State (TS 29.329 §6.1)
        if (kind === 'auth' && want(AUTH_SESSION_STATE)) front.push(own.u32(AUTH_SESSION_STATE, 1));
      } else if (kind === 'auth' && want(A.AuthApplicationId)) {
        front.push(own.u32(A.AuthApplicationId, applicationId));
      } else if (kind === 'acct' && want(A.AcctApplicationId)) {
        front.push(own.u32(A.AcctApplicationId, applicationId));
      }
    }
  }
  for (const n of nodes) front.push(n);
  return { nodes: front, sessionId };
}

/** The bit of an AVP that `auto` adds (0 for the others). */
function autoBit(code: number): number {
  switch (code) {
    case A.OriginHost: return 1;
    case A.OriginRealm: return 2;
    case A.DestinationRealm: return 4;
    case A.DestinationHost: return 8;
    case A.VendorSpecificApplicationId: return 16;
    case AUTH_SESSION_STATE: return 32;
    case A.AuthApplicationId: return 64;
    case A.AcctApplicationId: return 128;
    default: return 0;
  }
}

/** AVPs of an answer: Session-Id (from the request), Result-Code, Origin-Host/Realm, then the given ones. */
export function buildAnswerAvps(
  dict: Dictionary, peer: DiameterPeer, requestSessionId: Buffer | undefined, resultCode: number | undefined,
  items: readonly AvpItem[], path: string,
): AvpNode[] {
  const given = new Set<number>();
  const removed = new Set<number>();
  const nodes: AvpNode[] = [];
  const memo = itemMemoOf(dict);
  items.forEach((it, i) => {
    const def = itemDefinition(dict, it, `${path}[${i}]`);
    const key = def.vendorId ? -1 : def.code;
    if (it.value === null && it.hex === undefined) removed.add(key);
    else {
      given.add(key);
      nodes.push(memo.encode(items, i, path));
    }
  });
  const front: AvpNode[] = [];
  const want = (code: number) => !given.has(code) && !removed.has(code);
  if (requestSessionId && want(A.SessionId)) front.push({ code: A.SessionId, flags: AvpFlag.M, data: requestSessionId });
  if (resultCode !== undefined && want(A.ResultCode)) front.push(u32(A.ResultCode, resultCode));
  if (want(A.OriginHost)) front.push(peer.ownAvps.str(A.OriginHost, peer.config.origin_host));
  if (want(A.OriginRealm)) front.push(peer.ownAvps.str(A.OriginRealm, peer.config.origin_realm));
  for (const n of nodes) front.push(n);
  return front;
}
