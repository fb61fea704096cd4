// The capabilities exchange (RFC 6733 §5.3): the AVPs of our CER/CEA (identity, addresses, vendor, product,
// applications) and what we learn from the peer's.
import type { AvpNode, RawAvp } from '../codec/avp.js';
import type { ParsedMessage } from '../codec/message.js';
import type { PeerConfig } from './config.js';
import { A, addr, group, str, strOf, u32 } from './avps.js';

/** Origin-State-Id: the boot time, so a restart of the tester is visible to the peer. */
export const ORIGIN_STATE_ID = Math.floor(Date.now() / 1000) >>> 0;

export interface PeerIdentity {
  originHost?: string;
  originRealm?: string;
  productName?: string;
  /** Application ids the peer advertised (Auth-, Acct-, and inside Vendor-Specific-Application-Id). */
  applications: number[];
}

/** The capability AVPs of a CER or CEA (after Result-Code in a CEA); `local`: our addresses on the connection. */
export function capabilityAvps(c: PeerConfig, local: readonly string[]): AvpNode[] {
  const avps: AvpNode[] = [str(A.OriginHost, c.origin_host), str(A.OriginRealm, c.origin_realm)];
  const ips = c.host_ip_addresses?.length ? c.host_ip_addresses : local.length ? local : ['127.0.0.1'];
  for (const ip of ips) avps.push(addr(A.HostIpAddress, ip));
  avps.push(u32(A.VendorId, c.vendor_id), str(A.ProductName, c.product_name, 0), u32(A.OriginStateId, ORIGIN_STATE_ID));
  const vendors = new Set(c.applications.filter((a) => a.vendor).map((a) => a.vendor));
  for (const v of vendors) avps.push(u32(A.SupportedVendorId, v));
  for (const a of c.applications) {
    const idAvp = u32(a.kind === 'auth' ? A.AuthApplicationId : A.AcctApplicationId, a.id);
    avps.push(a.vendor ? group(A.VendorSpecificApplicationId, [u32(A.VendorId, a.vendor), idAvp]) : idAvp);
  }
  if (c.firmware_revision !== undefined) avps.push(u32(A.FirmwareRevision, c.firmware_revision, 0));
  return avps;
}

/** Application ids advertised in a CER/CEA. */
function advertisedApps(avps: readonly RawAvp[]): number[] {
  const out: number[] = [];
  for (const a of avps) {
    if (a.vendorId) continue;
    if ((a.code === A.AuthApplicationId || a.code === A.AcctApplicationId) && a.data.length === 4) out.push(a.data.readUInt32BE(0));
    if (a.code === A.VendorSpecificApplicationId) {
      for (let o = 0; o + 12 <= a.data.length;) {
        const code = a.data.readUInt32BE(o);
        const len = a.data.readUInt32BE(o + 4) & 0xffffff;
        if (len < 8) break;
        if ((code === A.AuthApplicationId || code === A.AcctApplicationId) && len === 12) out.push(a.data.readUInt32BE(o + 8));
        o += (len + 3) & ~3;
      }
    }
  }
  return out;
}

export function peerIdentityOf(m: ParsedMessage): PeerIdentity {
  return {
    originHost: strOf(m.avps, A.OriginHost),
    originRealm: strOf(m.avps, A.OriginRealm),
    productName: strOf(m.avps, A.ProductName),
    applications: advertisedApps(m.avps),
  };
}

/**
 * Whether a server accepts the peer's CER: 3010 (DIAMETER_UNKNOWN_PEER) for an Origin-Host other than
 * peer_origin_host, 5010 (DIAMETER_NO_COMMON_APPLICATION) when no application is shared (relay shares all).
 */
export function cerVerdict(c: PeerConfig, m: ParsedMessage): { rc: number; err?: string } {
  const peerHost = strOf(m.avps, A.OriginHost);
  if (c.peer_origin_host && peerHost !== c.peer_origin_host) return { rc: 3010, err: `unknown peer ${peerHost ?? '(no Origin-Host)'}` };
  const theirs = advertisedApps(m.avps);
  const ours = c.applications.map((a) => a.id);
  const relay = 0xffffffff;
  if (!theirs.includes(relay) && !ours.includes(relay) && !ours.some((x) => theirs.includes(x))) {
    return { rc: 5010, err: `no common application (peer: ${theirs.join(', ') || 'none'}; ours: ${ours.join(', ')})` };
  }
  return { rc: 2001 };
}
