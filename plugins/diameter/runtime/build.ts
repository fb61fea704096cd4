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
  const removed = new Set<number>();
  const given = new Set<number>();
  const rest: number[] = [];
  items.forEach((it, i) => {
    if (it.name === SESSION_ID_AUTO) {
      sessionId = newSessionId(peer.config.origin_host, typeof it.value === 'string' && it.value ? it.value : undefined);
      sessionNode = str(A.SessionId, sessionId);
      given.add(A.SessionId);
      return;
    }
    const def = itemDefinition(dict, it, `${path}[${i}]`);
    const key = def.vendorId ? -1 : def.code;
    if (it.value === null && it.hex === undefined) {
      removed.add(key);
      return;
    }
    given.add(key);
    if (key === A.SessionId && it.hex === undefined && typeof it.value === 'string') sessionId = it.value;
    rest.push(i);
  });
  const memo = itemMemoOf(dict);
  const nodes = rest.map((i) => memo.encode(items, i, path));
  // Session-Id goes first (RFC 6733 §8.8): move an explicit one to the front.
  if (!sessionNode) {
    const idx = nodes.findIndex((n) => n.code === A.SessionId && !n.vendorId);
    if (idx >= 0) sessionNode = nodes.splice(idx, 1)[0];
  }
  const front: AvpNode[] = [];
  if (sessionNode) front.push(sessionNode);
  if (auto) {
    const own = peer.ownAvps;
    const want = (code: number) => !given.has(code) && !removed.has(code);
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
        if (kind === 'auth' && want(277)) front.push(own.u32(277, 1));
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
