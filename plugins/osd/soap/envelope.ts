// SOAP 1.1 request envelopes for OSD operations (document/literal): the operation element in the interface's
// target namespace with one child element per parameter. Names are checked to be XML names and every text value
// is escaped, so no argument can change the structure of the document.
import type { Json } from '../../../sdk/index.js';

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

/** An XML element name without a prefix (ASCII subset of NCName). */
export const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

export class EnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvelopeError';
  }
}

/** Whether `s` holds a character XML 1.0 does not allow at all, even escaped: a control character other than tab,
 *  line feed and carriage return, or U+FFFE / U+FFFF. */
function hasInvalidXmlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) return true;
  }
  return false;
}
const ESCAPE = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(s: string): string {
  if (hasInvalidXmlChar(s)) throw new EnvelopeError(`value ${JSON.stringify(s.length > 40 ? s.slice(0, 40) + '...' : s)} holds a character XML cannot carry`);
  return s.replace(ESCAPE, (c) => ENTITIES[c]!);
}

export interface EnvelopeOptions {
  /** Target namespace of the operation element. */
  namespace: string;
  /** Whether parameter elements are in the target namespace too (elementFormDefault="qualified"). */
  qualified: boolean;
  /** WS-Security UsernameToken (PasswordText) in the SOAP header. */
  wsse?: { username: string; password: string };
}

function element(name: string, value: Json, prefix: string, path: string, out: string[]): void {
  if (!XML_NAME.test(name)) throw new EnvelopeError(`${path}: '${name}' is not an XML element name`);
  const tag = prefix + name;
  if (value === null) {
    out.push(`<${tag} xsi:nil="true"/>`);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) element(name, value[i]!, prefix, `${path}[${i}]`, out);
  } else if (typeof value === 'object') {
    out.push(`<${tag}>`);
    for (const [k, v] of Object.entries(value)) element(k, v, prefix, `${path}.${k}`, out);
    out.push(`</${tag}>`);
  } else {
    out.push(`<${tag}>${escapeXml(String(value))}</${tag}>`);
  }
}

/** The whole envelope as text. Throws EnvelopeError on a bad name or value. */
export function buildEnvelope(operation: string, parameters: Record<string, Json> | undefined, o: EnvelopeOptions): string {
  if (!XML_NAME.test(operation)) throw new EnvelopeError(`operation '${operation}' is not an XML element name`);
  const childPrefix = o.qualified ? 'osd:' : '';
  const body: string[] = [];
  for (const [k, v] of Object.entries(parameters ?? {})) element(k, v, childPrefix, `parameters.${k}`, body);
  let header = '';
  if (o.wsse) {
    header =
      `<soapenv:Header><wsse:Security xmlns:wsse="${WSSE}" soapenv:mustUnderstand="1"><wsse:UsernameToken>` +
      `<wsse:Username>${escapeXml(o.wsse.username)}</wsse:Username>` +
      `<wsse:Password Type="${PASSWORD_TEXT}">${escapeXml(o.wsse.password)}</wsse:Password>` +
      `</wsse:UsernameToken></wsse:Security></soapenv:Header>`;
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:xsi="${XSI}" xmlns:osd="${escapeXml(o.namespace)}">` +
    header +
    `<soapenv:Body><osd:${operation}>${body.join('')}</osd:${operation}></soapenv:Body></soapenv:Envelope>`
  );
}
