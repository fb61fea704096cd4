// RequestReportBCSMEvent's behaviour (its row names RRBCSM): the short-hand flags (`oNoAnswer: 1`,
// `oNoAnswer_timer: 300`, `oDisconnectLeg1: 1`, ...) and the order-independent matching of armed events that also
// flags unexpected ones.
import type { Json, JsonObject } from '../../../sdk/index.js';
import { flattenExpected, getPath, looseEqual } from '../../sigtran/codec/index.js';
import type { OperationBehaviour } from './behaviour.js';

interface FlagDef {
  event: number;
  /** Leg as LegType value (sendingSideID) or undefined for no legID. */
  leg?: 1 | 2;
  /** Default monitor mode: 0 interrupted, 1 notifyAndContinue. */
  mode: 0 | 1;
}

/** The flags and what they arm. Events reported on leg 2 by default; disconnects name their leg. */
const RRBCSM_FLAGS: Readonly<Record<string, FlagDef>> = {
  collectedInfo: { event: 2, mode: 0 },
  analyzedInformation: { event: 3, mode: 0 },
  routeSelectFailure: { event: 4, mode: 0 },
  oCalledPartyBusy: { event: 5, leg: 2, mode: 0 },
  oNoAnswer: { event: 6, leg: 2, mode: 0 },
  oAnswer: { event: 7, leg: 2, mode: 1 },
  oMidCall: { event: 8, leg: 1, mode: 1 },
  oDisconnectLeg1: { event: 9, leg: 1, mode: 0 },
  oDisconnectLeg2: { event: 9, leg: 2, mode: 0 },
  oAbandon: { event: 10, leg: 1, mode: 1 },
  tBusy: { event: 13, leg: 2, mode: 0 },
  tNoAnswer: { event: 14, leg: 2, mode: 0 },
  tAnswer: { event: 15, leg: 2, mode: 1 },
  tMidCall: { event: 16, leg: 2, mode: 1 },
  tDisconnectLeg1: { event: 17, leg: 1, mode: 0 },
  tDisconnectLeg2: { event: 17, leg: 2, mode: 0 },
  tAbandon: { event: 18, leg: 1, mode: 1 },
  oTermSeized: { event: 19, leg: 2, mode: 1 },
  callAccepted: { event: 27, leg: 2, mode: 1 },
};
const FLAG_NAMES = Object.keys(RRBCSM_FLAGS);
const MODE_NAMES: Record<string, number> = { interrupted: 0, notifyAndContinue: 1, transparent: 2 };

function legOf(ev: JsonObject): number | undefined {
  const l = ev.legID as JsonObject | undefined;
  const hex = (l?.sendingSideID ?? l?.receivingSideID) as string | undefined;
  return typeof hex === 'string' ? parseInt(hex, 16) : undefined;
}

/** Whether the arguments use the flag form. */
export function hasFlags(args: JsonObject): boolean {
  for (const k of Object.keys(args)) {
    const base = (k.charCodeAt(0) === 33 ? k.slice(1) : k).replace(/_(mode|timer)$/, '');
    if (RRBCSM_FLAGS[base]) return true;
  }
  return false;
}

/** Build `bcsmEvents` from the flags of `args` (for encoding). */
export function flagsToEvents(args: JsonObject): JsonObject[] {
  const events: JsonObject[] = [];
  for (const [name, def] of Object.entries(RRBCSM_FLAGS)) {
    const v = args[name];
    if (v === undefined || v === null || v === 0 || v === false || v === '0') continue;
    // a mode or timer that is no number is passed on as given: the encoder names it (or, at ExecuteTest, an
    // expression is checked per instance)
    let mode: Json = def.mode;
    const m = args[`${name}_mode`] ?? (typeof v === 'string' && v in MODE_NAMES ? v : undefined);
    if (m !== undefined && m !== null) mode = typeof m === 'string' && m in MODE_NAMES ? MODE_NAMES[m]! : m;
    const ev: JsonObject = { eventTypeBCSM: def.event, monitorMode: mode };
    if (def.leg) ev.legID = { sendingSideID: `0${def.leg}` };
    const t = args[`${name}_timer`];
    if (t !== undefined && t !== null) ev.dpSpecificCriteria = { applicationTimer: t };
    events.push(ev);
  }
  return events;
}

/** Add the flag view of decoded `bcsmEvents` to `fields` (flag: 1, flag_mode, flag_timer). */
export function addFlags(fields: JsonObject): void {
  const events = fields.bcsmEvents;
  if (!Array.isArray(events)) return;
  for (const e of events) {
    const ev = e as JsonObject;
    const leg = legOf(ev);
    let name: string | undefined;
    for (const [n, def] of Object.entries(RRBCSM_FLAGS)) {
      if (def.event === ev.eventTypeBCSM && (def.leg === undefined || leg === undefined || def.leg === leg)) {
        if (def.leg === undefined || def.leg === leg) {
          name = n;
          break;
        }
        name ??= n;
      }
    }
    name ??= `event${String(ev.eventTypeBCSM)}${leg ? `Leg${leg}` : ''}`;
    fields[name] = 1;
    fields[`${name}_mode`] = ev.monitorMode ?? null;
    const timer = (ev.dpSpecificCriteria as JsonObject | undefined)?.applicationTimer;
    if (timer !== undefined) fields[`${name}_timer`] = timer;
  }
}

interface Checker {
  pass(text: string): void;
  fail(text: string): void;
}

function describeEvent(ev: JsonObject): string {
  const leg = legOf(ev);
  return `${String(ev.eventTypeBCSM_name ?? ev.eventTypeBCSM)}${leg ? ` leg ${leg}` : ''} (monitorMode ${String(ev.monitorMode_name ?? ev.monitorMode)})`;
}

/**
 * Check the armed events of a received RequestReportBCSMEvent against the expected ones, in any order:
 * every expected event (or flag) must be armed, and every armed event must be expected. Returns false on a fail.
 */
export function matchEvents(c: Checker, expected: JsonObject, received: JsonObject): boolean {
  let ok = true;
  const armed = (Array.isArray(received.bcsmEvents) ? received.bcsmEvents : []) as JsonObject[];
  if (Array.isArray(expected.bcsmEvents)) {
    const used = new Set<number>();
    for (const exp of expected.bcsmEvents as JsonObject[]) {
      const flat = flattenExpected(exp, new Set(), armed[0] ?? {});
      const idx = armed.findIndex((ev, i) => !used.has(i) && Object.entries(flat).every(([k, v]) => {
        const neg = k.startsWith('!');
        const got = getPath(ev, neg ? k.slice(1) : k);
        if (v === null) return neg ? got !== undefined : got === undefined;
        return neg ? !looseEqual(v, got) : looseEqual(v, got);
      }));
      if (idx >= 0) {
        used.add(idx);
        c.pass(`RequestReportBCSMEvent: event ${JSON.stringify(exp)} is armed`);
      } else {
        ok = false;
        c.fail(`RequestReportBCSMEvent: expected event ${JSON.stringify(exp)} is not armed (armed: ${armed.map(describeEvent).join(', ') || 'none'})`);
      }
    }
    armed.forEach((ev, i) => {
      if (!used.has(i)) {
        ok = false;
        c.fail(`RequestReportBCSMEvent: unexpected event armed: ${describeEvent(ev)}`);
      }
    });
    return ok;
  }
  // flag form
  const mentioned = new Set<string>();
  for (const [key, v] of Object.entries(expected)) {
    const neg = key.startsWith('!');
    const k = neg ? key.slice(1) : key;
    const base = k.replace(/_(mode|timer)$/, '');
    if (!RRBCSM_FLAGS[base]) continue;
    mentioned.add(base);
    const got = received[k];
    let good: boolean;
    let text: string;
    if (v === null) {
      good = neg ? got !== undefined : got === undefined;
      text = `RequestReportBCSMEvent.${k}: ${good ? 'is' : 'expected'} ${neg ? 'armed/present' : 'not armed/absent'}`;
    } else if (k === base && (v === 0 || v === '0' || v === false)) {
      good = neg ? got !== undefined : got === undefined;
      text = `RequestReportBCSMEvent.${k}: ${good ? 'is not armed' : 'expected not armed, but it is'}`;
    } else if (k === base && typeof v === 'string' && v in MODE_NAMES) {
      good = neg ? !looseEqual(MODE_NAMES[v], received[`${k}_mode`]) : looseEqual(MODE_NAMES[v], received[`${k}_mode`]);
      text = `RequestReportBCSMEvent.${k}: ${good ? 'armed as' : 'expected armed as'} ${v}${good ? '' : `, got ${got === undefined ? 'not armed' : `monitorMode ${String(received[`${k}_mode`])}`}`}`;
    } else {
      good = neg ? !looseEqual(v, got) : looseEqual(v, got);
      text = `RequestReportBCSMEvent.${k}: ${good ? 'is' : 'expected'} ${neg ? 'not ' : ''}${JSON.stringify(v)}${good ? '' : `, got ${got === undefined ? 'absent (not armed)' : JSON.stringify(got)}`}`;
    }
    if (good) c.pass(text);
    else {
      ok = false;
      c.fail(text);
    }
  }
  for (const k of Object.keys(received)) {
    if (received[k] === 1 && !mentioned.has(k) && (RRBCSM_FLAGS[k] || /^event\d+/.test(k))) {
      ok = false;
      c.fail(`RequestReportBCSMEvent: unexpected event armed: ${k}`);
    }
  }
  return ok;
}

const FLAG_PROPERTIES: Record<string, unknown> = {};
for (const flag of FLAG_NAMES) {
  FLAG_PROPERTIES[flag] = { type: ['integer', 'boolean', 'string'] };
  FLAG_PROPERTIES[`${flag}_mode`] = { type: ['integer', 'string'] };
  FLAG_PROPERTIES[`${flag}_timer`] = { type: 'integer' };
}

const baseOf = (k: string) => (k.charCodeAt(0) === 33 ? k.slice(1) : k).replace(/_(mode|timer)$/, '');

export const RRBCSM: OperationBehaviour = {
  properties: FLAG_PROPERTIES,
  outbound(fields) {
    if (!hasFlags(fields)) return fields;
    const rest: JsonObject = {};
    for (const k of Object.keys(fields)) if (!FLAG_NAMES.includes(k.replace(/_(mode|timer)$/, ''))) rest[k] = fields[k]!;
    rest.bcsmEvents = [...((Array.isArray(fields.bcsmEvents) ? fields.bcsmEvents : []) as JsonObject[]), ...flagsToEvents(fields)];
    return rest;
  },
  inbound: addFlags,
  match(ctx, args, fields) {
    const events: JsonObject = {};
    const rest: JsonObject = {};
    for (const [k, v] of Object.entries(args)) {
      const base = baseOf(k);
      if (base === 'bcsmEvents' || RRBCSM_FLAGS[base]) events[k] = v as Json;
      else rest[k] = v as Json;
    }
    if (Object.keys(events).length) matchEvents(ctx, events, fields);
    return rest;
  },
};
