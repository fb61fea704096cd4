// What an ERR or NTFY from the peer means for the traffic on its association (RFC 4666 §3.8). An SG that cannot
// route our DATA (osmo-stp: ERR 26 to an ASP it routes nothing for) never sends the answer a dialogue waits for.
// An ERR concerns the association's dialogues to the DPC of the DATA in its diagnostic information (the first 40
// octets of our message, as osmo-stp and we send them, hold the routing label), or all of them without a label.
import { AsState, ErrorCodes, M3uaClass, Param, StatusType, TransferType, statusText } from './constants.js';
import type { M3uaMessage } from './codec.js';

/** The dialogues a peer's ERR or NTFY ends (those to `dpc` if set, of `sls` if set: an error about one message),
 *  and the abort reason, e.g. "M3UA ERR 26 (no configured AS for ASP) from the SG 127.0.0.1:2905". */
export interface TrafficFault {
  reason: string;
  dpc?: number;
  sls?: number;
}

/** Errors about the route or the AS, not one message (every DATA to the DPC gets them): management blocking,
 *  destination status unknown, invalid network appearance, invalid routing context, no configured AS for ASP. */
const ROUTE_ERRORS: ReadonlySet<number> = new Set([0x0d, 0x14, 0x15, 0x19, 0x1a]);
/** M3UA common header, parameter header, and the routing label's length (OPC, DPC, SI NI MP SLS). */
const [HEADER, PARAM_HEADER, LABEL] = [8, 4, 12];

/** The DPC and SLS of the DATA message whose head `diag` is, if it holds that far; undefined otherwise. */
function diagnosedLabel(diag: Uint8Array | undefined): { dpc: number; sls: number } | undefined {
  if (!diag || diag.length < HEADER || diag[2] !== M3uaClass.TRANSFER || diag[3] !== TransferType.DATA) return undefined;
  const v = new DataView(diag.buffer, diag.byteOffset, diag.byteLength);
  for (let p = HEADER; p + PARAM_HEADER <= diag.length; ) {
    const tag = v.getUint16(p);
    const len = v.getUint16(p + 2);
    if (len < PARAM_HEADER) return undefined;
    if (tag === Param.ProtocolData) {
      const at = p + PARAM_HEADER;
      return at + LABEL <= diag.length ? { dpc: v.getUint32(at + 4), sls: diag[at + 11]! } : undefined;
    }
    p += (len + 3) & ~3;
  }
  return undefined;
}

/** "M3UA ERR 26 (no configured AS for ASP) from the SG 127.0.0.1:2905". */
export function errText(m: M3uaMessage, from: string): string {
  const code = m.errorCode ?? -1;
  return `M3UA ERR ${code} (${ErrorCodes[code] ?? 'unknown error code'}) from ${from}`;
}

/** The dialogues an ERR received on an active association ends: none when it names neither a route nor a DATA. */
export function errFault(m: M3uaMessage, from: string): TrafficFault | undefined {
  const label = diagnosedLabel(m.diagnostic);
  const routeError = ROUTE_ERRORS.has(m.errorCode ?? -1);
  if (!label && !routeError) return undefined;
  const rc = m.routingContexts ? ` (routing context ${m.routingContexts.join(',')})` : '';
  return { reason: errText(m, from) + rc, ...(label ? { dpc: label.dpc } : {}), ...(label && !routeError ? { sls: label.sls } : {}) };
}

/** The dialogues an NTFY to an active ASP ends: AS-INACTIVE or AS-PENDING for our AS (its routing context, or none
 *  named): the SG has no active ASP for it, so no answer comes back to any of them. */
export function notifyFault(m: M3uaMessage, from: string, routingContext: number | undefined): TrafficFault | undefined {
  const s = m.status;
  if (s?.type !== StatusType.AsStateChange || (s.info !== AsState.Inactive && s.info !== AsState.Pending)) return undefined;
  if (routingContext !== undefined && m.routingContexts && !m.routingContexts.includes(routingContext)) return undefined;
  return { reason: `M3UA NTFY ${statusText(s.type, s.info)} from ${from}: our AS has no active ASP there` };
}
