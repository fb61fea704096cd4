// The reference OCS: a Diameter server (or client) on the plugin's own peer stack that answers Credit-Control
// requests (RFC 4006) with granted units, User-Data requests (Sh) with empty User-Data, and refuses a CCR missing
// a mandatory AVP with 5005 and a Failed-AVP, as a real OCS does. `tester diameter-ocs` runs it; tests and the
// benchmark start it in-process.
import type { JsonObject } from '../../../sdk/types.js';
import type { SctpConfig } from '../../../sdk/index.js';
import { AvpFlag, type AvpNode } from '../codec/avp.js';
import { encodeItems } from '../codec/view.js';
import { Dictionary } from '../dictionary/dictionary.js';
import { peerConfig } from '../peer/config.js';
import { DiameterPeer, type InboundRequest } from '../peer/peer.js';
import { A, str, u32 } from '../peer/avps.js';
import { decodeParsed } from '../runtime/decoded.js';

export interface OcsSimOptions {
  mode?: 'server' | 'client';
  /** 'tcp' (default) or 'sctp' with its options. */
  transport?: 'tcp' | 'sctp';
  sctp?: SctpConfig;
  host?: string;
  port?: number;
  origin_host?: string;
  origin_realm?: string;
  /** Result-Code of every CCA (default 2001). */
  result_code?: number;
  /** Seconds granted per CC-Time request (default: what was asked, else 60). */
  grant_time?: number;
  /** Octets granted per volume request (default: what was asked, else 1,000,000). */
  grant_octets?: number;
  /** Send a Re-Auth-Request this many ms after each CCR-Initial (0 = never). */
  rar_after_ms?: number;
  dictionary?: Dictionary;
  log?: (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void;
}

export interface OcsSimStats {
  requests: Record<string, number>;
  answers: Record<string, number>;
  rar_sent: number;
  rar_answered: number;
}

export interface OcsSim {
  peer: DiameterPeer;
  stats: OcsSimStats;
  stop(): Promise<void>;
}

const CCR_MANDATORY: Array<[string, number]> = [['CC-Request-Type', 416], ['CC-Request-Number', 415], ['Service-Context-Id', 461], ['Auth-Application-Id', 258]];

export async function startOcsSim(o: OcsSimOptions = {}): Promise<OcsSim> {
  const dict = o.dictionary ?? new Dictionary();
  const peer = new DiameterPeer(peerConfig({
    name: 'ocs-sim', mode: o.mode ?? 'server', host: o.host ?? '127.0.0.1', port: o.port ?? 3868,
    ...(o.transport === 'sctp' ? { transport: 'sctp', sctp: o.sctp ?? {} } : {}),
    origin_host: o.origin_host ?? 'ocs.localdomain', origin_realm: o.origin_realm ?? 'localdomain',
    applications: ['credit-control', 'sh'], product_name: 'tester-service ocs-sim', reconnect_min_ms: 200,
  }), dict, o.log);
  const stats: OcsSimStats = { requests: {}, answers: {}, rar_sent: 0, rar_answered: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const count = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

  const answer = (r: InboundRequest, rc: number, avps: AvpNode[], extra: object[] = []) => {
    const nodes: AvpNode[] = [];
    if (r.sessionId) nodes.push({ code: A.SessionId, flags: AvpFlag.M, data: Buffer.from(r.sessionId) });
    nodes.push(u32(A.ResultCode, rc), ...peer.originAvps(), ...avps, ...encodeItems(dict, extra as never, 'answer'));
    try {
      peer.sendAnswer(peer.buildAnswer(r.message, nodes, rc >= 3000 && rc < 4000));
      count(stats.answers, String(rc));
    } catch {
      // the connection went away: nothing to answer on
    }
  };

  const grant = (requested: unknown): JsonObject => {
    const rsu = (requested && typeof requested === 'object' ? requested : {}) as JsonObject;
    if (rsu['CC-Total-Octets'] !== undefined || rsu['CC-Input-Octets'] !== undefined || rsu['CC-Output-Octets'] !== undefined) {
      return { 'CC-Total-Octets': o.grant_octets ?? Number(rsu['CC-Total-Octets'] ?? 1_000_000) };
    }
    return { 'CC-Time': o.grant_time ?? (typeof rsu['CC-Time'] === 'number' ? rsu['CC-Time'] : 60) };
  };

  const onCcr = (r: InboundRequest, obj: JsonObject) => {
    const missing = CCR_MANDATORY.find(([n]) => obj[n] === undefined);
    if (missing) {
      answer(r, 5005, [], [{ name: 'Failed-AVP', value: [{ name: missing[0], value: 0 }] }, { name: 'Error-Message', value: `missing ${missing[0]}` }]);
      return;
    }
    const type = obj['CC-Request-Type'];
    const items: object[] = [
      { name: 'Auth-Application-Id', value: 4 },
      { name: 'CC-Request-Type', value: type },
      { name: 'CC-Request-Number', value: obj['CC-Request-Number'] },
    ];
    const rc = o.result_code ?? 2001;
    if (rc < 3000 && type !== 3) {
      const msccs = obj['Multiple-Services-Credit-Control'];
      if (msccs !== undefined) {
        for (const m of Array.isArray(msccs) ? msccs : [msccs]) {
          const req = (m && typeof m === 'object' ? m : {}) as JsonObject;
          const out: JsonObject = { 'Granted-Service-Unit': grant(req['Requested-Service-Unit']) };
          if (req['Rating-Group'] !== undefined) out['Rating-Group'] = req['Rating-Group'];
          if (req['Service-Identifier'] !== undefined) out['Service-Identifier'] = req['Service-Identifier'];
          out['Result-Code'] = 2001;
          items.push({ name: 'Multiple-Services-Credit-Control', value: out });
        }
      } else if (type !== 4 || obj['Requested-Service-Unit'] !== undefined) {
        items.push({ name: 'Granted-Service-Unit', value: grant(obj['Requested-Service-Unit']) });
      }
    }
    answer(r, rc, [], items);
    if (type === 1 && o.rar_after_ms && r.sessionId) {
      const originHost = obj['Origin-Host'];
      const originRealm = obj['Origin-Realm'];
      const t = setTimeout(() => {
        timers.delete(t);
        const rar = peer.buildRequest(258, 4, [
          str(A.SessionId, r.sessionId), ...peer.originAvps(), str(A.DestinationRealm, String(originRealm)),
          str(A.DestinationHost, String(originHost)), u32(A.AuthApplicationId, 4), u32(285, 0),
        ], 0xc0);
        stats.rar_sent++;
        peer.request(rar, 10_000, 'Re-Auth-Request').then(() => stats.rar_answered++, () => undefined);
      }, o.rar_after_ms);
      timers.add(t);
    }
  };

  peer.setDefaultHandler((r) => {
    const d = decodeParsed(dict, r.message);
    count(stats.requests, d.abbrev);
    if (d.name === 'Credit-Control-Request') onCcr(r, d.object);
    else if (d.name === 'User-Data-Request') answer(r, 2001, [], [{ name: 'User-Data', value: '<Sh-Data/>' }]);
    else if (d.name === 'Session-Termination-Request') answer(r, 2001, []);
    else answer(r, 3001, [str(A.ErrorMessage, `${d.name} is not supported by the simulator`, 0)]);
  });
  await peer.start();
  return {
    peer,
    stats,
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await peer.stop();
    },
  };
}
