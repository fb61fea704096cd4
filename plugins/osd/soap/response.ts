// SOAP responses parsed into JSON (fast-xml-parser): namespace prefixes dropped, attributes ignored, text kept as
// strings (no number guessing: "0211234567" stays as sent; tests[] `integer` compares by value anyway).
// `returned` is the content of the response element in the Body; a Body Fault becomes `fault`.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Json, JsonObject } from '../../../sdk/index.js';

export class SoapParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoapParseError';
  }
}

interface SoapFault {
  code: string;
  string: string;
  actor?: string;
  detail?: Json;
}

export type SoapResult = { kind: 'response'; name: string; returned: Json } | { kind: 'fault'; fault: SoapFault };

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') {
    const t = (v as Record<string, unknown>)['#text'];
    if (t !== undefined) return String(t);
    // SOAP 1.2 style: <Code><Value>..</Value></Code>, <Reason><Text>..</Text></Reason>
    const inner = (v as Record<string, unknown>).Value ?? (v as Record<string, unknown>).Text;
    return inner !== undefined ? text(inner) : JSON.stringify(v);
  }
  return String(v);
}

function clean(v: unknown): Json {
  if (v === undefined || v === null) return null;
  if (Array.isArray(v)) return v.map(clean);
  if (typeof v === 'object') {
    const o: JsonObject = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) o[k] = clean(x);
    return o;
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
}

/** Parse a response body. Throws SoapParseError for malformed XML or a document that is not a SOAP envelope. */
export function parseSoapResponse(xml: string): SoapResult {
  const trimmed = xml.trim();
  if (!trimmed) throw new SoapParseError('empty response body');
  const valid = XMLValidator.validate(trimmed);
  if (valid !== true) {
    const e = valid.err;
    throw new SoapParseError(`malformed XML at line ${e.line}, column ${e.col}: ${e.msg}`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(trimmed) as Record<string, unknown>;
  } catch (e) {
    throw new SoapParseError(`malformed XML: ${(e as Error).message}`);
  }
  const env = doc.Envelope as Record<string, unknown> | undefined;
  if (!env || typeof env !== 'object') throw new SoapParseError(`not a SOAP envelope (root element: ${Object.keys(doc)[0] ?? 'none'})`);
  const body = env.Body as Record<string, unknown> | string | undefined;
  if (body === undefined) throw new SoapParseError('the SOAP envelope has no Body');
  if (typeof body !== 'object' || body === null) return { kind: 'response', name: '', returned: {} };
  const fault = body.Fault as Record<string, unknown> | undefined;
  if (fault !== undefined) {
    const f = (typeof fault === 'object' && fault ? fault : {}) as Record<string, unknown>;
    const out: SoapFault = { code: text(f.faultcode ?? f.Code), string: text(f.faultstring ?? f.Reason) };
    const actor = f.faultactor ?? f.Role;
    if (actor !== undefined) out.actor = text(actor);
    const detail = f.detail ?? f.Detail;
    if (detail !== undefined) out.detail = clean(detail);
    return { kind: 'fault', fault: out };
  }
  const names = Object.keys(body);
  if (names.length === 0) return { kind: 'response', name: '', returned: {} };
  const name = names[0]!;
  const returned = clean(body[name]);
  return { kind: 'response', name, returned: returned === '' ? {} : returned };
}
