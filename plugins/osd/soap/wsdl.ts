// What the plugin needs from an OSD interface's WSDL: per operation, the namespace of its request element,
// whether child elements are qualified (elementFormDefault), the SOAPAction, and the binding style.
// OSD WSDLs are generated per interface and deployment, so reading them spares users from copying these into
// plugins.json.
import { XMLParser } from 'fast-xml-parser';

export interface WsdlOperation {
  namespace: string;
  qualified: boolean;
  action: string | undefined;
}

export interface WsdlInfo {
  targetNamespace: string;
  style: 'document' | 'rpc';
  operations: Map<string, WsdlOperation>;
  /** For operations the WSDL does not name: the target namespace and the first schema's element form. */
  fallback: WsdlOperation;
}

export class WsdlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WsdlError';
  }
}

const ARRAYS = new Set(['schema', 'element', 'binding', 'operation', 'portType', 'message', 'part', 'body']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => ARRAYS.has(name),
});

/** An element as fast-xml-parser gives it: attributes as `@_name`, children by name (one, or an array of several). */
type Node = { [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The child elements named `name` (an empty element, parsed as '', has nothing to read and is left out). */
const children = (n: Node | undefined, name: string): Node[] => {
  const v = n?.[name];
  return (Array.isArray(v) ? v : [v]).filter(isNode);
};
const child = (n: Node | undefined, name: string): Node | undefined => children(n, name)[0];
const attr = (n: Node | undefined, name: string): string | undefined => {
  const v = n?.[`@_${name}`];
  return v === undefined || v === null ? undefined : String(v);
};
const localName = (qname: string): string => qname.replace(/^.*:/, '');

export function parseWsdl(xml: string): WsdlInfo {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (e) {
    throw new WsdlError(`the WSDL is not XML: ${(e as Error).message}`);
  }
  const defs = child(doc, 'definitions');
  if (!defs) throw new WsdlError(`not a WSDL 1.1 document (root: ${Object.keys(doc).filter((k) => !k.startsWith('?'))[0] ?? 'none'})`);
  const tns = attr(defs, 'targetNamespace') ?? '';
  const schemas = children(child(defs, 'types'), 'schema');
  // request element name → schema facts
  const elements = new Map<string, { ns: string; qualified: boolean }>();
  for (const s of schemas) {
    const ns = attr(s, 'targetNamespace') ?? tns;
    const qualified = attr(s, 'elementFormDefault') === 'qualified';
    for (const e of children(s, 'element')) {
      const name = attr(e, 'name');
      if (name) elements.set(name, { ns, qualified });
    }
  }
  // message name → element of its first part (document/literal)
  const messages = new Map<string, string>();
  for (const m of children(defs, 'message')) {
    const name = attr(m, 'name');
    const el = attr(child(m, 'part'), 'element');
    if (name && el) messages.set(name, localName(el));
  }
  // portType operation → input message
  const inputs = new Map<string, string>();
  for (const pt of children(defs, 'portType')) {
    for (const op of children(pt, 'operation')) {
      const name = attr(op, 'name');
      const msg = attr(child(op, 'input'), 'message');
      if (name && msg) inputs.set(name, localName(msg));
    }
  }
  let style: 'document' | 'rpc' = 'document';
  const operations = new Map<string, WsdlOperation>();
  for (const b of children(defs, 'binding')) {
    const sb = child(b, 'binding');
    if (attr(sb, 'style') === 'rpc') style = 'rpc';
    for (const op of children(b, 'operation')) {
      const name = attr(op, 'name');
      if (!name || operations.has(name)) continue;
      const soapOp = child(op, 'operation');
      const action = attr(soapOp, 'soapAction');
      const opStyle = attr(soapOp, 'style') ?? attr(sb, 'style') ?? 'document';
      if (opStyle === 'rpc') {
        // rpc/literal: the wrapper is the operation name in soap:body's namespace, parts unqualified
        const body = child(child(op, 'input'), 'body');
        operations.set(name, { namespace: attr(body, 'namespace') ?? tns, qualified: false, action });
        continue;
      }
      const msg = inputs.get(name);
      const el = elements.get((msg && messages.get(msg)) ?? name);
      operations.set(name, { namespace: el?.ns ?? tns, qualified: el?.qualified ?? false, action });
    }
  }
  const first = schemas[0];
  const fallback: WsdlOperation = { namespace: tns, qualified: first ? attr(first, 'elementFormDefault') === 'qualified' : false, action: undefined };
  return { targetNamespace: tns, style, operations, fallback };
}
