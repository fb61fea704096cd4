// `--msisdn`: the numbers a dialogue or a session carries, to keep only those of one subscriber. INAP/CAP's
// calling, called and destination numbers and MAP's msisdn fields, as the families' decoders give them
// (`…_digits`), anywhere in any component of the dialogue; Diameter's Subscription-Id of type END_USER_E164,
// anywhere in any message of the session. Digits compare exactly ('+' and separators dropped): a national
// number in the capture does not match an international one given.
import type { Json, JsonObject } from '../../sdk/index.js';
import type { Session } from './diameter/sessions.js';
import type { Dialogue } from './tcap/dialogues.js';
import { familyOf } from './tcap/families.js';

/** The decoded fields that hold a subscriber's number: the last name of the field's path, before `_digits`. */
const NUMBER_FIELD = /(^|[.\]])(msisdn|storedMSISDN|callingPartyNumber|calledPartyNumber|calledPartyBCDNumber|destinationRoutingAddress|additionalCallingPartyNumber)(\[\d+\])?_digits$/i;

export function normalMsisdn(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/** The subscriber numbers in the components of a dialogue (decoded by its family; none when it has no family). */
export function dialogueNumbers(d: Dialogue, variant: string | undefined): Set<string> {
  const out = new Set<string>();
  const fam = familyOf(d, variant);
  if (!fam) return out;
  const invokes = new Map<number, number | string>();
  for (const m of d.messages) {
    for (const c of m.tcap.components) {
      if (c.type === 'invoke') invokes.set(c.invokeId, c.opcode);
      const ic = fam.component(c, (id) => invokes.get(id));
      if (ic) collect(ic.fields, '', out);
    }
  }
  return out;
}

function collect(v: Json, path: string, out: Set<string>): void {
  if (Array.isArray(v)) v.forEach((e, i) => collect(e, `${path}[${i}]`, out));
  else if (v !== null && typeof v === 'object') for (const [k, e] of Object.entries(v)) collect(e, path ? `${path}.${k}` : k, out);
  else if (typeof v === 'string' && NUMBER_FIELD.test(path)) out.add(normalMsisdn(v));
}

/** The END_USER_E164 Subscription-Id-Data of every message of a session. */
export function sessionNumbers(s: Session): Set<string> {
  const out = new Set<string>();
  for (const { m } of s.messages) subscriptionIds(m.items, out);
  return out;
}

function subscriptionIds(items: readonly JsonObject[], out: Set<string>): void {
  for (const a of items) {
    if (!Array.isArray(a.value)) continue;
    const inner = a.value as JsonObject[];
    if (a.name === 'Subscription-Id') {
      const type = inner.find((x) => x.name === 'Subscription-Id-Type')?.value;
      const data = inner.find((x) => x.name === 'Subscription-Id-Data')?.value;
      if ((type === 'END_USER_E164' || type === 0) && typeof data === 'string') out.add(normalMsisdn(data));
    } else subscriptionIds(inner, out);
  }
}
