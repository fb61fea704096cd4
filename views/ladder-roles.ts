// Whom the ladder's lifelines stand for: the roles the run's operation types name. `inap.ssp_to_scp.InitialDP` makes
// the tester the SSP and its INAP peer the SCP; `diameter.client_to_server.CCR` the tester a client and its Diameter
// peer the server. A record names its operation types in latency.operations.
import type { RunRecord } from '../core/api/index.js';

export interface LadderRoles {
  /** The tester's role (SSP, CLIENT, HLR, ...). */
  tester: string;
  /** The peer's role by the family of the operations that talk to it (inap → SCP). */
  peers: Record<string, string>;
}

/** The families whose messages travel as TCAP: a message recorded as `tcap` is theirs. */
const TCAP_USERS = ['inap', 'map'];

/** The roles the operation types name; the tester's is the first type's (a run plays one role per family). */
function ladderRoles(types: Iterable<string>): LadderRoles | undefined {
  let tester: string | undefined;
  const peers: Record<string, string> = {};
  for (const t of types) {
    const m = /^([a-z0-9]+)\.([a-z0-9]+)_(?:to|from)_([a-z0-9]+)\./i.exec(t);
    if (!m) continue;
    tester ??= m[2]!.toUpperCase();
    peers[m[1]!] ??= m[3]!.toUpperCase();
  }
  return tester ? { tester, peers } : undefined;
}

/** The roles of a record's run (undefined when its operation types name none: the lifelines say tester and peer). */
export function recordRoles(rec: Pick<RunRecord, 'latency'>): LadderRoles | undefined {
  return ladderRoles(Object.keys(rec.latency?.operations ?? {}));
}

/** The role of the peer a message of `protocol` went to or came from. */
export function peerRole(roles: LadderRoles, protocol: string): string | undefined {
  if (roles.peers[protocol]) return roles.peers[protocol];
  if (protocol === 'tcap') for (const f of TCAP_USERS) if (roles.peers[f]) return roles.peers[f];
  return undefined;
}
