// A received (or sent) message decoded for operations: the trace view (list of AVPs), the object form used by
// results, $i, tests[] and matching, and the result-code summary.
import type { Json, JsonObject } from '../../../sdk/types.js';
import { commandFlagsText, isRequest } from '../codec/header.js';
import { decodeMessage, type ParsedMessage } from '../codec/message.js';
import { decodeView, type DecodedAvp } from '../codec/view.js';
import { decodeObject } from '../codec/object-decode.js';
import type { Dictionary } from '../dictionary/dictionary.js';

export interface Decoded {
  readonly parsed: ParsedMessage;
  /** e.g. 'Credit-Control-Answer' */
  readonly name: string;
  /** e.g. 'CCA' */
  readonly abbrev: string;
  /** The trace view, made when first read (a recorded message, a Failed-AVP to show). */
  readonly view: DecodedAvp[];
  readonly object: JsonObject;
  /** Value faults inside AVPs (the message framing was fine). */
  readonly errors: string[];
}

class DecodedMessage implements Decoded {
  private trace: DecodedAvp[] | undefined = undefined;

  constructor(
    private readonly dict: Dictionary, readonly parsed: ParsedMessage, readonly name: string, readonly abbrev: string,
    readonly object: JsonObject, readonly errors: string[],
  ) {}

  get view(): DecodedAvp[] {
    // the faults are those the object form found already
    return (this.trace ??= decodeView(this.dict, this.parsed.avps, []));
  }
}

/** Decode a whole message. Throws DiameterCodecError when the framing is bad (header, AVP lengths). */
export function decode(dict: Dictionary, bytes: Buffer): Decoded {
  const parsed = decodeMessage(bytes);
  return decodeParsed(dict, parsed);
}

export function decodeParsed(dict: Dictionary, parsed: ParsedMessage): Decoded {
  const errors: string[] = [];
  const object = decodeObject(dict, parsed.avps, errors);
  const req = isRequest(parsed.header.flags);
  return new DecodedMessage(dict, parsed, dict.commandName(parsed.header.code, req), dict.commandAbbrev(parsed.header.code, req), object, errors);
}

/** Result-Code, else Experimental-Result.Experimental-Result-Code, else undefined. */
export function resultCodeOf(d: Decoded): number | undefined {
  return resultOfAnswer(d)?.code;
}

/** The result of an answer and whether it is an Experimental-Result-Code. */
function resultOfAnswer(d: Decoded): { code: number; experimental: boolean } | undefined {
  const rc = d.object['Result-Code'];
  if (typeof rc === 'number') return { code: rc, experimental: false };
  const er = d.object['Experimental-Result'];
  if (er && typeof er === 'object' && !Array.isArray(er)) {
    const c = (er as JsonObject)['Experimental-Result-Code'];
    if (typeof c === 'number') return { code: c, experimental: true };
  }
  return undefined;
}

/** Readable result: '2001 DIAMETER_SUCCESS', 'Experimental-Result-Code 5001 DIAMETER_ERROR_USER_UNKNOWN'. */
export function resultText(dict: Dictionary, d: Decoded): string {
  const r = resultOfAnswer(d);
  if (!r) return 'Result-Code absent';
  const name = dict.resultCodeName(r.code, r.experimental);
  return `${r.experimental ? 'Experimental-Result-Code' : 'Result-Code'} ${r.code}${name ? ` ${name}` : ''}`;
}

/**
 * The operation result: header facts in lower case (`name`, `command`, `code`, `application_id`, `flags`,
 * `hop_by_hop`, `end_to_end`, `result_code`, `result_code_name`) and every AVP by its dictionary name.
 */
export function resultOf(dict: Dictionary, d: Decoded): JsonObject {
  const h = d.parsed.header;
  const r: JsonObject = {
    name: d.name,
    command: d.abbrev,
    code: h.code,
    application_id: h.applicationId,
    flags: commandFlagsText(h.flags),
    hop_by_hop: h.hopByHop,
    end_to_end: h.endToEnd,
  };
  const rc = resultOfAnswer(d);
  if (rc !== undefined) {
    r.result_code = rc.code;
    const n = dict.resultCodeName(rc.code, rc.experimental);
    if (n) r.result_code_name = n;
  }
  for (const k in d.object) r[k] = d.object[k]!;
  return r;
}

/** Fields of a MessageRecord: the header and the decoded AVPs. */
export function traceFields(d: Decoded): Json {
  const h = d.parsed.header;
  const f: JsonObject = {
    code: h.code,
    application_id: h.applicationId,
    flags: commandFlagsText(h.flags),
    hop_by_hop: h.hopByHop,
    end_to_end: h.endToEnd,
    avps: d.view as unknown as Json,
  };
  if (d.errors.length) f.errors = d.errors;
  return f;
}

/** Readable one-line summary of a Failed-AVP group: 'CC-Request-Number (415)' or 'CC-Time (420) = 0'. */
export function failedAvpText(d: Decoded): string | undefined {
  const fa = d.view.filter((a) => a.code === 279 && !a.vendor);
  if (!fa.length) return undefined;
  const parts: string[] = [];
  for (const g of fa) {
    for (const a of g.avps ?? []) {
      const v = a.value !== undefined ? ` = ${JSON.stringify(a.value)}` : a.avps ? ' {...}' : a.hex ? ` = 0x${a.hex}` : '';
      parts.push(`${a.name} (${a.code}${a.vendor ? `, vendor ${a.vendor}` : ''})${v}`);
    }
    if (!g.avps && g.hex !== undefined) parts.push(`0x${g.hex}`);
  }
  return parts.join(', ');
}
