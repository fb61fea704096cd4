// What the gateways view shows of an instance, read from ListTests' `detail` (each plugin reports its own shape:
// sigtran's status in plugins/sigtran/api.ts, a Diameter peer's describe()): peer, last error, reconnects and the
// transport, with the SCTP backend and paths when the transport is SCTP. A field an instance does not report is
// undefined.
import type { GatewayLine } from '../api/list-types.js';

interface SctpPath {
  address: string;
  state: string;
  srttMs?: number;
  rtoMs?: number;
  primary?: boolean;
}

export interface GatewayView {
  peer?: string;
  lastError?: string;
  reconnects?: number;
  transport?: string;
  /** The role or mode the instance plays (asp, sgp, client, server). */
  role?: string;
  /** When the instance entered its state (ms since the epoch), when it says. */
  since?: number;
  sctp?: { backend?: string; note?: string; state?: string; paths: SctpPath[] };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const str = (...vs: unknown[]) => vs.find((v): v is string => typeof v === 'string' && v !== '');
const int = (v: unknown) => (typeof v === 'number' ? v : undefined);

function paths(v: unknown): SctpPath[] {
  if (!Array.isArray(v)) return [];
  return v.map(obj).filter((p): p is Obj => !!p && typeof p.address === 'string').map((p) => ({ address: String(p.address), state: String(p.state ?? ''), srttMs: int(p.srttMs), rtoMs: int(p.rtoMs), primary: p.primary === true }));
}

export function gatewayView(g: GatewayLine): GatewayView {
  const d = obj(g.detail) ?? {};
  const sctp = obj(d.sctp);
  const assoc = obj(sctp?.association);
  return {
    peer: str(d.peer, d.connection, d.address),
    lastError: str(d.lastError, d.last_error),
    reconnects: int(d.reconnects),
    transport: str(d.transport),
    role: str(d.role, d.mode),
    since: int(d.since) ?? (typeof d.open_since === 'string' ? Date.parse(d.open_since) : undefined),
    sctp: sctp ? { backend: str(sctp.backend, assoc?.backend), note: str(sctp.note), state: str(assoc?.state), paths: paths(assoc?.paths) } : undefined,
  };
}
