// The `tester hlr-sim` script: the subscriber table and the USSD menu (JSON or YAML, read by the sdk's loadScript).
// Checked at start; every mistake is named by its JSON path.
import { ScriptError } from '../../../sdk/index.js';
import { resolveError } from '../catalogue.js';
import { NOT_REACHABLE_REASON } from '../codec/types/index.js';
import { parseSubscription, type Subscription } from './subscription.js';
import { parseHlrMixes, type HlrMixes } from './mix.js';

export interface Subscriber extends Subscription {
  msisdn: string;
  imsi: string;
  /** assumedIdle (default), camelBusy, notProvidedFromVLR, or a not-reachable reason (msPurged, imsiDetached,
   *  restrictedArea, notRegistered): the subscriber is then absent (SRI, SRI-SM and MT-ForwardSM get errors). */
  state: string;
  /** VLR / MSC number (location, SRI-SM network node, PSI); an UpdateLocation moves it. */
  vlr: string;
  age: number;
  cell?: { mcc: string; mnc: string; lac: number; ci: number };
  roaming_number?: string;
  /** SGSN number (UpdateGprsLocation moves it). */
  sgsn?: string;
  /** Message waiting data: the service centres ReportSM-DeliveryStatus left (alerted, then cleared, when the
   *  subscriber is back: ReadyForSM, UpdateLocation). */
  mwd?: string[];
}

export interface UssdMenu {
  /** The menu sent in the UnstructuredSS-Request answering a ProcessUnstructuredSS-Request. */
  menu: string;
  /** The final text (PUSSR result) by the subscriber's choice; `default` for any other answer. */
  replies: Record<string, string>;
  default: string;
  /** Service codes that get the menu; others are answered at once with `unknown_code` (default: every code). */
  service_codes?: string[];
  unknown_code?: string;
  /** The answer of the simulated handset to a network-initiated UnstructuredSS-Request. */
  answer: string;
}

export interface HlrSimScript {
  subscribers: Subscriber[];
  /** Error for a subscriber not in the table (default unknownSubscriber; MT-ForwardSM: unidentifiedSubscriber). */
  unknown_error: number;
  ussd: UssdMenu;
  /** The HLR's own number (UpdateLocation result). */
  hlr_number: string;
  /** As the EIR (CheckIMEI): equipment status by IMEI; an IMEI not listed is whiteListed. */
  equipment: Record<string, string>;
  /** Responder mixes by operation and the answer delay (`mix`, `delay_ms`: mix.ts). */
  mixes: HlrMixes;
}


const STATES = new Set(['assumedIdle', 'camelBusy', 'notProvidedFromVLR', ...Object.values(NOT_REACHABLE_REASON)]);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const digits = (v: unknown, path: string): string => {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw new ScriptError(`${path}: expected a string of digits, got ${JSON.stringify(v)}`);
  return v;
};

const KEYS = ['subscribers', 'ussd', 'unknown_error', 'hlr_number', 'equipment', 'mix', 'delay_ms'];
const EQUIPMENT_STATES = ['whiteListed', 'blackListed', 'greyListed'];

function parseEquipment(v: unknown): Record<string, string> {
  if (v === undefined) return {};
  if (!isObj(v)) throw new ScriptError('equipment: expected { "<IMEI>": "blackListed" | "greyListed" | "whiteListed" }');
  for (const [imei, st] of Object.entries(v)) {
    digits(imei, 'equipment key');
    if (typeof st !== 'string' || !EQUIPMENT_STATES.includes(st)) throw new ScriptError(`equipment.${imei}: one of ${EQUIPMENT_STATES.join(', ')}`);
  }
  return v as Record<string, string>;
}

export const DEFAULT_USSD: UssdMenu = {
  menu: '1 Balance\n2 Bundles',
  replies: { 1: 'Your balance is 5.00 EUR', 2: 'You have 1 GB left' },
  default: 'Invalid choice',
  answer: '1',
};

/** Validate a script object; every problem names its JSON path. */
export function parseScript(v: unknown): HlrSimScript {
  if (!isObj(v)) throw new ScriptError('the script must be a JSON object { subscribers, ussd, unknown_error, hlr_number, equipment, mix, delay_ms }');
  for (const k of Object.keys(v)) if (!KEYS.includes(k)) throw new ScriptError(`${k}: unknown key (${KEYS.join(', ')})`);
  const subs = v.subscribers ?? [];
  if (!Array.isArray(subs)) throw new ScriptError('subscribers: expected an array');
  if (subs.length > 100_000) throw new ScriptError('subscribers: at most 100000');
  const subscribers = subs.map((s, i): Subscriber => {
    const p = `subscribers[${i}]`;
    if (!isObj(s)) throw new ScriptError(`${p}: expected an object`);
    const state = s.state === undefined ? 'assumedIdle' : String(s.state);
    if (!STATES.has(state)) throw new ScriptError(`${p}.state: one of ${[...STATES].join(', ')}`);
    const cell = s.cell;
    if (cell !== undefined && (!isObj(cell) || !/^\d{3}$/.test(String(cell.mcc)) || !/^\d{2,3}$/.test(String(cell.mnc)) || !Number.isInteger(cell.lac) || !Number.isInteger(cell.ci))) {
      throw new ScriptError(`${p}.cell: expected { mcc: '262', mnc: '01', lac, ci }`);
    }
    return {
      msisdn: digits(s.msisdn, `${p}.msisdn`), imsi: digits(s.imsi, `${p}.imsi`), state, vlr: s.vlr === undefined ? '491720000' : digits(s.vlr, `${p}.vlr`),
      age: typeof s.age === 'number' && Number.isInteger(s.age) && s.age >= 0 ? s.age : 0,
      ...(cell ? { cell: cell as Subscriber['cell'] } : {}),
      ...(s.roaming_number !== undefined ? { roaming_number: digits(s.roaming_number, `${p}.roaming_number`) } : {}),
      ...parseSubscription(s, p),
    };
  });
  const err = resolveError(v.unknown_error ?? 'unknownSubscriber');
  if (!err) throw new ScriptError(`unknown_error: not a MAP error name or code: ${JSON.stringify(v.unknown_error)}`);
  const u = v.ussd ?? {};
  if (!isObj(u)) throw new ScriptError('ussd: expected an object { menu, replies, default, service_codes, answer }');
  const replies = u.replies ?? DEFAULT_USSD.replies;
  if (!isObj(replies) || Object.values(replies).some((r) => typeof r !== 'string')) throw new ScriptError('ussd.replies: expected { "<choice>": "<text>" }');
  const codes = u.service_codes;
  if (codes !== undefined && (!Array.isArray(codes) || codes.some((c) => typeof c !== 'string'))) throw new ScriptError('ussd.service_codes: expected an array of strings such as "*100#"');
  for (const k of ['menu', 'default', 'answer', 'unknown_code']) if (u[k] !== undefined && typeof u[k] !== 'string') throw new ScriptError(`ussd.${k}: expected a string`);
  return {
    subscribers,
    unknown_error: err.code,
    hlr_number: v.hlr_number === undefined ? '491700001' : digits(v.hlr_number, 'hlr_number'),
    equipment: parseEquipment(v.equipment),
    mixes: parseHlrMixes(v.mix, v.delay_ms),
    ussd: {
      menu: (u.menu as string | undefined) ?? DEFAULT_USSD.menu,
      replies: replies as Record<string, string>,
      default: (u.default as string | undefined) ?? DEFAULT_USSD.default,
      answer: (u.answer as string | undefined) ?? DEFAULT_USSD.answer,
      ...(codes ? { service_codes: codes as string[] } : {}),
      ...(u.unknown_code !== undefined ? { unknown_code: u.unknown_code as string } : {}),
    },
  };
}
