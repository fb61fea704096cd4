// The reference OCS: a Diameter server (or client) on the plugin's own peer stack that answers Credit-Control
// requests (RFC 4006) with granted units, User-Data requests (Sh) with empty User-Data, and refuses a CCR missing
// a mandatory AVP with 5005 and a Failed-AVP, as a real OCS does. `tester diameter-ocs` runs it; tests and the
// benchmark start it in-process.
import type { JsonObject } from '../../../sdk/types.js';
import { delayMs, parseMix, pickIndex, ScriptError, simulatorRandom, type Delay, type Mix, type SctpConfig } from '../../../sdk/index.js';
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
  /**
   * A weighted mix of answers to Credit-Control requests instead of result_code: each outcome a Result-Code or
   * silence (no answer: the client's Tx timer fires). parseOcsMix makes it from `[{weight, result_code | silence}]`.
   */
  mix?: Mix<OcsOutcome>;
  /** Delay of every CCA (a number of ms or a distribution in ms). */
  delay?: Delay;
  /** Seed of the mix's choices and the delays' draws. */
  seed?: number;
  /** How long a Re-Auth-Request waits for its answer (default: the peer's request_timeout_ms, 10000 ms). */
  timeout_ms?: number;
  dictionary?: Dictionary;
  log?: (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void;
}

/** One outcome of a CCA mix: answer with this Result-Code, or not at all. */
export type OcsOutcome = { result_code: number } | { silence: true };

/** `--mix`: `[{weight, name?, result_code}]` or `{weight, silence: true}`; throws naming the entry. */
export function parseOcsMix(raw: unknown): Mix<OcsOutcome> {
  return parseMix(
    raw,
    'mix',
    (o, where): OcsOutcome => {
      if (o.silence === true && Object.keys(o).length === 1) return { silence: true };
      if (Number.isInteger(o.result_code) && (o.result_code as number) >= 1000 && (o.result_code as number) <= 5999 && Object.keys(o).length === 1) return { result_code: o.result_code as number };
      throw new ScriptError(`${where}: expected {weight, result_code: 1000..5999} or {weight, silence: true}, got ${JSON.stringify(o)}`);
    },
    (o) => ('silence' in o ? 'silence' : String(o.result_code)),
  );
}

interface OcsSimStats {
  requests: Record<string, number>;
  /** CCRs per outcome of the mix (by name). */
  outcomes: Record<string, number>;
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

/** A started OCS: its peer (with its dictionary), options, statistics and the pending Re-Auth-Request timers. */
interface Ocs {
  readonly peer: DiameterPeer;
  readonly o: OcsSimOptions;
  readonly stats: OcsSimStats;
  readonly timers: Set<NodeJS.Timeout>;
  readonly random: () => number;
}

const count = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

export async function startOcsSim(o: OcsSimOptions = {}): Promise<OcsSim> {
  // what o leaves out (host, port, the RAR's timeout) takes the peer's defaults
  const peer = new DiameterPeer(peerConfig({
    name: 'ocs-sim', mode: o.mode ?? 'server', host: o.host, port: o.port, request_timeout_ms: o.timeout_ms,
    ...(o.transport === 'sctp' ? { transport: 'sctp', sctp: o.sctp ?? {} } : {}),
    origin_host: o.origin_host ?? 'ocs.localdomain', origin_realm: o.origin_realm ?? 'localdomain',
    applications: ['credit-control', 'sh'], product_name: 'tester-service ocs-sim', reconnect_min_ms: 200,
  }), o.dictionary ?? new Dictionary(), o.log);
  const ocs: Ocs = { peer, o, stats: { requests: {}, outcomes: {}, answers: {}, rar_sent: 0, rar_answered: 0 }, timers: new Set(), random: simulatorRandom(o.seed) };
  peer.setDefaultHandler((r) => onRequest(ocs, r));
  await peer.start();
  return {
    peer,
    stats: ocs.stats,
    async stop() {
      for (const t of ocs.timers) clearTimeout(t);
      ocs.timers.clear();
      await peer.stop();
    },
  };
}

function onRequest(ocs: Ocs, r: InboundRequest): void {
  const d = decodeParsed(ocs.peer.dict, r.message);
  count(ocs.stats.requests, d.abbrev);
  if (d.name === 'Credit-Control-Request') onCcr(ocs, r, d.object);
  else if (d.name === 'User-Data-Request') answer(ocs, r, 2001, [], [{ name: 'User-Data', value: '<Sh-Data/>' }]);
  else if (d.name === 'Session-Termination-Request') answer(ocs, r, 2001, []);
  else answer(ocs, r, 3001, [str(A.ErrorMessage, `${d.name} is not supported by the simulator`, 0)]);
}

function answer(ocs: Ocs, r: InboundRequest, rc: number, avps: AvpNode[], extra: object[] = []): void {
  const { peer } = ocs;
  const nodes: AvpNode[] = [];
  if (r.sessionId) nodes.push({ code: A.SessionId, flags: AvpFlag.M, data: Buffer.from(r.sessionId) });
  nodes.push(u32(A.ResultCode, rc), ...peer.originAvps(), ...avps, ...encodeItems(peer.dict, extra as never, 'answer'));
  try {
    peer.sendAnswer(peer.buildAnswer(r.message, nodes, rc >= 3000 && rc < 4000));
    count(ocs.stats.answers, String(rc));
  } catch {
    // the connection went away: nothing to answer on
  }
}

function onCcr(ocs: Ocs, r: InboundRequest, obj: JsonObject): void {
  const missing = CCR_MANDATORY.find(([n]) => obj[n] === undefined);
  if (missing) {
    answer(ocs, r, 5005, [], [{ name: 'Failed-AVP', value: [{ name: missing[0], value: 0 }] }, { name: 'Error-Message', value: `missing ${missing[0]}` }]);
    return;
  }
  const type = obj['CC-Request-Type'];
  const items: object[] = [
    { name: 'Auth-Application-Id', value: 4 },
    { name: 'CC-Request-Type', value: type },
    { name: 'CC-Request-Number', value: obj['CC-Request-Number'] },
  ];
  const rc = resultCode(ocs);
  if (rc === undefined) return; // silence
  if (rc < 3000 && type !== 3) items.push(...grants(ocs.o, obj));
  later(ocs, () => answer(ocs, r, rc, [], items));
  if (type === 1 && ocs.o.rar_after_ms && r.sessionId) scheduleRar(ocs, r.sessionId, obj);
}

/** This CCA's Result-Code: result_code, or the mix's choice (undefined: silence), counted. */
function resultCode(ocs: Ocs): number | undefined {
  const { mix } = ocs.o;
  if (!mix) return ocs.o.result_code ?? 2001;
  const i = pickIndex(mix, ocs.random());
  count(ocs.stats.outcomes, mix.names[i]!);
  const out = mix.outcomes[i]!;
  return 'result_code' in out ? out.result_code : undefined;
}

/** Run `fn` now, or after the answer delay when one is set (the timer is cleared by stop()). */
function later(ocs: Ocs, fn: () => void): void {
  if (ocs.o.delay === undefined) return fn();
  const t = setTimeout(() => {
    ocs.timers.delete(t);
    fn();
  }, delayMs(ocs.o.delay, ocs.random));
  ocs.timers.add(t);
}

/** The granted units of a CCA: one MSCC per requested MSCC (echoing Rating-Group and Service-Identifier), else one
 *  Granted-Service-Unit (none on a TERMINATION that asked for none). */
function grants(o: OcsSimOptions, obj: JsonObject): object[] {
  const msccs = obj['Multiple-Services-Credit-Control'];
  if (msccs === undefined) {
    return obj['CC-Request-Type'] !== 4 || obj['Requested-Service-Unit'] !== undefined ? [{ name: 'Granted-Service-Unit', value: grant(o, obj['Requested-Service-Unit']) }] : [];
  }
  return (Array.isArray(msccs) ? msccs : [msccs]).map((m) => {
    const req = (m && typeof m === 'object' ? m : {}) as JsonObject;
    const out: JsonObject = { 'Granted-Service-Unit': grant(o, req['Requested-Service-Unit']) };
    if (req['Rating-Group'] !== undefined) out['Rating-Group'] = req['Rating-Group'];
    if (req['Service-Identifier'] !== undefined) out['Service-Identifier'] = req['Service-Identifier'];
    out['Result-Code'] = 2001;
    return { name: 'Multiple-Services-Credit-Control', value: out };
  });
}

/** The unit type asked for: octets (as asked or --grant-octets), else time (as asked or --grant-time, else 60). */
function grant(o: OcsSimOptions, requested: unknown): JsonObject {
  const rsu = (requested && typeof requested === 'object' ? requested : {}) as JsonObject;
  if (rsu['CC-Total-Octets'] !== undefined || rsu['CC-Input-Octets'] !== undefined || rsu['CC-Output-Octets'] !== undefined) {
    return { 'CC-Total-Octets': o.grant_octets ?? Number(rsu['CC-Total-Octets'] ?? 1_000_000) };
  }
  return { 'CC-Time': o.grant_time ?? (typeof rsu['CC-Time'] === 'number' ? rsu['CC-Time'] : 60) };
}

/** A Re-Auth-Request for the session, rar_after_ms after its CCR-Initial, to the host and realm that sent it. */
function scheduleRar(ocs: Ocs, sessionId: string, ccr: JsonObject): void {
  const { peer, stats } = ocs;
  const t = setTimeout(() => {
    ocs.timers.delete(t);
    const rar = peer.buildRequest(258, 4, [
      str(A.SessionId, sessionId), ...peer.originAvps(), str(A.DestinationRealm, String(ccr['Origin-Realm'])),
      str(A.DestinationHost, String(ccr['Origin-Host'])), u32(A.AuthApplicationId, 4), u32(285, 0),
    ], 0xc0);
    stats.rar_sent++;
    peer.request(rar, peer.config.request_timeout_ms, 'Re-Auth-Request').then(() => stats.rar_answered++, () => undefined);
  }, ocs.o.rar_after_ms);
  ocs.timers.add(t);
}
