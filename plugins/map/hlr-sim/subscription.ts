// The subscription parts of an hlr-sim subscriber (script.ts): the profile the HLR inserts into a VLR
// (InsertSubscriberData) and shows a gsmSCF (AnyTimeSubscriptionInterrogation), the authentication vectors it hands
// out (SendAuthenticationInfo), the supplementary services' states the SS operations read and change, and the GPRS
// subscription (PDP contexts) it inserts into an SGSN (UpdateGprsLocation).
import { ScriptError } from '../../../sdk/index.js';

interface Profile {
  /** Calling party category, one octet as hex (TS 29.002 Category; '0a' is an ordinary subscriber). */
  category: string;
  /** Ext-TeleserviceCode octets as hex ('11' telephony, '21' SMS-MT, '22' SMS-MO). */
  teleservices: string[];
  bearer_services: string[];
  /** Operator determined barring, ODB-GeneralData as hex (a BIT STRING's octets: unused-bits octet first). */
  odb?: string;
  /** The originating CAMEL subscription: one TDP (collectedInfo) to `scf` with `service_key`; `active` is the
   *  state AnyTimeModification changes (csi-Active). */
  o_csi?: { service_key: number; scf: string; active: boolean };
}

interface Triplet { rand: string; sres: string; kc: string }
interface Quintuplet { rand: string; xres: string; ck: string; ik: string; autn: string }

/** One supplementary service of the subscriber (present = provisioned); the SS operations change it. */
export interface SsState {
  registered: boolean;
  active: boolean;
  /** Call forwarding (ss-Code 2x): the forwarded-to number. */
  forwarded_to?: string;
}

/** One subscribed PDP context (GPRS subscription data, TS 29.002 PDP-Context). */
interface PdpContext {
  id: number;
  /** PDP-Type octets as hex (TS 29.060 End User Address: 'f121' IPv4, 'f157' IPv6, 'f18d' IPv4v6). */
  pdp_type: string;
  /** QoS-Subscribed, three octets as hex (TS 24.008 QoS profile). */
  qos: string;
  /** The access point name as text ('internet', 'ims.mnc001.mcc262.gprs'). */
  apn: string;
}

export interface Subscription {
  profile?: Profile;
  /** The PDP contexts an SGSN gets (default: one IPv4 context to `internet`). */
  gprs?: PdpContext[];
  auth?: { triplets: Triplet[]; quintuplets: Quintuplet[] };
  /** By SS-Code as two hex digits ('21' CFU, '29' CFB, '41' call waiting, '92' BAOC, '11' CLIP). */
  ss?: Record<string, SsState>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function hex(v: unknown, path: string, min = 1, max = 64): string {
  if (typeof v !== 'string' || !/^([0-9a-f]{2})+$/i.test(v) || v.length / 2 < min || v.length / 2 > max) {
    throw new ScriptError(`${path}: expected hex of ${min === max ? min : `${min}..${max}`} octets, got ${JSON.stringify(v)}`);
  }
  return v.toLowerCase();
}

function hexList(v: unknown, path: string, dflt: string[]): string[] {
  if (v === undefined) return dflt;
  if (!Array.isArray(v)) throw new ScriptError(`${path}: expected an array of hex codes such as "11"`);
  return v.map((x, i) => hex(x, `${path}[${i}]`, 1, 5));
}

function parseProfile(v: unknown, p: string): Profile {
  if (!isObj(v)) throw new ScriptError(`${p}: expected an object { category, teleservices, bearer_services, odb, o_csi }`);
  const c = v.o_csi;
  if (c !== undefined && (!isObj(c) || !Number.isInteger(c.service_key) || typeof c.scf !== 'string' || !/^\d{1,20}$/.test(c.scf))) {
    throw new ScriptError(`${p}.o_csi: expected { service_key: <integer>, scf: "<digits>", active: true }`);
  }
  return {
    category: v.category === undefined ? '0a' : hex(v.category, `${p}.category`, 1, 1),
    teleservices: hexList(v.teleservices, `${p}.teleservices`, ['11', '21', '22']),
    bearer_services: hexList(v.bearer_services, `${p}.bearer_services`, []),
    ...(v.odb !== undefined ? { odb: hex(v.odb, `${p}.odb`, 2, 5) } : {}),
    ...(c ? { o_csi: { service_key: c.service_key as number, scf: c.scf as string, active: c.active !== false } } : {}),
  };
}

function vectors<T>(v: unknown, p: string, sizes: Record<string, [number, number]>): T[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 5) throw new ScriptError(`${p}: expected an array of at most 5 vectors`);
  return v.map((x, i) => {
    if (!isObj(x)) throw new ScriptError(`${p}[${i}]: expected { ${Object.keys(sizes).join(', ')} }`);
    return Object.fromEntries(Object.entries(sizes).map(([k, [min, max]]) => [k, hex(x[k], `${p}[${i}].${k}`, min, max)])) as T;
  });
}

function parseSs(v: unknown, p: string): Record<string, SsState> {
  if (!isObj(v)) throw new ScriptError(`${p}: expected { "<ss-Code hex>": { registered, active, forwarded_to } }`);
  const out: Record<string, SsState> = {};
  for (const [code, s] of Object.entries(v)) {
    hex(code, `${p} key`, 1, 1);
    if (!isObj(s)) throw new ScriptError(`${p}.${code}: expected { registered, active, forwarded_to }`);
    const to = s.forwarded_to;
    if (to !== undefined && (typeof to !== 'string' || !/^\d{1,20}$/.test(to))) throw new ScriptError(`${p}.${code}.forwarded_to: expected a string of digits`);
    out[code.toLowerCase()] = { registered: s.registered === true || to !== undefined, active: s.active === true, ...(to !== undefined ? { forwarded_to: to as string } : {}) };
  }
  return out;
}

function parseGprs(v: unknown, p: string): PdpContext[] {
  if (!Array.isArray(v) || v.length < 1 || v.length > 50) throw new ScriptError(`${p}: expected an array of 1..50 PDP contexts { id, apn, pdp_type, qos }`);
  return v.map((c, i) => {
    const q = `${p}[${i}]`;
    if (!isObj(c) || typeof c.apn !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(c.apn) || c.apn.length > 62) throw new ScriptError(`${q}.apn: expected a name such as "internet"`);
    const id = c.id ?? i + 1;
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 50) throw new ScriptError(`${q}.id: expected an integer 1..50`);
    return { id: id as number, apn: c.apn, pdp_type: c.pdp_type === undefined ? 'f121' : hex(c.pdp_type, `${q}.pdp_type`, 2, 2), qos: c.qos === undefined ? '0b921f' : hex(c.qos, `${q}.qos`, 3, 3) };
  });
}

/** The subscription parts of subscriber `s` at JSON path `p` (each only when the script gives it). */
export function parseSubscription(s: Obj, p: string): Subscription {
  const a = s.auth;
  if (a !== undefined && !isObj(a)) throw new ScriptError(`${p}.auth: expected { triplets, quintuplets }`);
  return {
    ...(s.profile !== undefined ? { profile: parseProfile(s.profile, `${p}.profile`) } : {}),
    ...(a ? {
      auth: {
        triplets: vectors<Triplet>(a.triplets, `${p}.auth.triplets`, { rand: [16, 16], sres: [4, 4], kc: [8, 8] }),
        quintuplets: vectors<Quintuplet>(a.quintuplets, `${p}.auth.quintuplets`, { rand: [16, 16], xres: [4, 16], ck: [16, 16], ik: [16, 16], autn: [16, 16] }),
      },
    } : {}),
    ...(s.ss !== undefined ? { ss: parseSs(s.ss, `${p}.ss`) } : {}),
    ...(s.gprs !== undefined ? { gprs: parseGprs(s.gprs, `${p}.gprs`) } : {}),
  };
}
