// What an ERR or NTFY from the peer means for the traffic on its association, the same for M3UA (RFC 4666 §3.8)
// and SUA (RFC 3868 §3.8). An SG that cannot route our transfer messages (osmo-stp: ERR 26 to an ASP it routes
// nothing for) never sends the answer a dialogue waits for. An ERR concerns the dialogues its diagnostic information
// names (the head of our message, RFC 4666 and RFC 3868: "the first 40 bytes"; each adaptation reads what it can
// of it: M3UA the routing label, SUA the destination, sequence control and TCAP transaction id), or, an error
// about the route or the AS, all of the association's dialogues when it names none.
import { AsState, StatusType, statusText } from './constants.js';
import { PARAM_HEADER_LENGTH, COMMON_HEADER_LENGTH } from './framing.js';
import type { AspMessage } from './asp-types.js';

/** The dialogues a peer's ERR or NTFY ends (on its association: those to `dpc` if set, of `sls` if set, with our
 *  transaction id `tid` if set), and the abort reason, e.g. "M3UA ERR 26 (no configured AS for ASP) from the SG
 *  127.0.0.1:2905". */
export interface TrafficFault {
  reason: string;
  dpc?: number;
  sls?: number;
  tid?: number;
}

/** What the diagnostic information of an ERR tells of the message it was about (each part when it could be read). */
export type Diagnosed = Omit<TrafficFault, 'reason'>;

/** Errors about the route or the AS, not one message (every message to the DPC gets them): management blocking,
 *  destination status unknown, invalid network appearance, invalid routing context, no configured AS for ASP, and
 *  SUA's subsystem status unknown. */
const ROUTE_ERRORS: ReadonlySet<number> = new Set([0x0d, 0x14, 0x15, 0x19, 0x1a, 0x1b]);

/** "M3UA ERR 26 (no configured AS for ASP) from the SG 127.0.0.1:2905" (`ua`: 'M3UA' or 'SUA', its codes' names). */
export function errText(ua: string, codes: Readonly<Record<number, string>>, m: AspMessage, from: string): string {
  const code = m.errorCode ?? -1;
  return `${ua} ERR ${code} (${codes[code] ?? 'unknown error code'}) from ${from}`;
}

/** The dialogues an ERR (its text `text`) received on an active association ends: none when it names neither a route
 *  nor a message of ours (`diag`: what the adaptation read of its diagnostic). An error about a route ends every
 *  dialogue to it, one about a message that message's. */
export function errFault(text: string, m: AspMessage, diag: Diagnosed | undefined): TrafficFault | undefined {
  const routeError = ROUTE_ERRORS.has(m.errorCode ?? -1);
  if (!diag && !routeError) return undefined;
  const rc = m.routingContexts ? ` (routing context ${m.routingContexts.join(',')})` : '';
  const fault: TrafficFault = { reason: text + rc };
  if (diag?.dpc !== undefined) fault.dpc = diag.dpc;
  if (routeError) return fault;
  if (diag?.sls !== undefined) fault.sls = diag.sls;
  if (diag?.tid !== undefined) fault.tid = diag.tid;
  return fault;
}

/** The dialogues an NTFY to an active ASP ends: AS-INACTIVE or AS-PENDING for our AS (its routing context, or none
 *  named): the SG has no active ASP for it, so no answer comes back to any of them. */
export function notifyFault(ua: string, m: AspMessage & { routingContexts?: readonly number[] }, from: string, routingContext: number | undefined): TrafficFault | undefined {
  const s = m.status;
  if (s?.type !== StatusType.AsStateChange || (s.info !== AsState.Inactive && s.info !== AsState.Pending)) return undefined;
  if (routingContext !== undefined && m.routingContexts && !m.routingContexts.includes(routingContext)) return undefined;
  return { reason: `${ua} NTFY ${statusText(s.type, s.info)} from ${from}: our AS has no active ASP there` };
}

/**
 * The parameters of the message of class `cls`, type `type` whose head `diag` is (an ERR's diagnostic information),
 * as far as they are there: tag → value (a value cut short by the end of `diag` is given as far as it goes).
 * Undefined when `diag` is not such a message.
 */
export function diagnosticParams(diag: Uint8Array | undefined, cls: number, type: number): Map<number, Uint8Array> | undefined {
  if (!diag || diag.length < COMMON_HEADER_LENGTH || diag[2] !== cls || diag[3] !== type) return undefined;
  const out = new Map<number, Uint8Array>();
  for (let p = COMMON_HEADER_LENGTH; p + PARAM_HEADER_LENGTH <= diag.length; ) {
    const tag = (diag[p]! << 8) | diag[p + 1]!;
    const len = (diag[p + 2]! << 8) | diag[p + 3]!;
    if (len < PARAM_HEADER_LENGTH) break;
    out.set(tag, diag.subarray(p + PARAM_HEADER_LENGTH, Math.min(p + len, diag.length)));
    p += (len + 3) & ~3;
  }
  return out;
}
