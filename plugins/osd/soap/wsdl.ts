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

type Node = Record<string, any>;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v as Node]);

export function parseWsdl(xml: string): WsdlInfo {
  let doc: Node;
  try {
    doc = parser.parse(xml) as unknown as Node;
  } catch (e) {
    throw new WsdlError(`the WSDL is not XML: ${(e as Error).message}`);
  }
  const defs = doc.definitions as Node | undefined;
  if (!defs) throw new WsdlError(`not a WSDL 1.1 document (root: ${Object.keys(doc).filter((k) => !k.startsWith('?'))[0] ?? 'none'})`);
  const tns = String(defs['@_targetNamespace'] ?? '');
  const schemas = arr(defs.types?.schema);
  // request element name → schema facts
  const elements = new Map<string, { ns: string; qualified: boolean }>();
  for (const s of schemas) {
    const ns = String(s['@_targetNamespace'] ?? tns);
    const qualified = s['@_elementFormDefault'] === 'qualified';
    for (const e of arr(s.element)) if (e['@_name']) elements.set(String(e['@_name']), { ns, qualified });
  }
  // message name → element of its first part (document/literal)
  const messages = new Map<string, string>();
  for (const m of arr(defs.message)) {
    const part = arr(m.part)[0];
    const el = part?.['@_element'];
    if (m['@_name'] && el) messages.set(String(m['@_name']), String(el).replace(/^.*:/, ''));
  }
  // portType operation → input message
  const inputs = new Map<string, string>();
  for (const pt of arr(defs.portType)) {
    for (const op of arr(pt.operation)) {
      const msg = op.input?.['@_message'];
      if (op['@_name'] && msg) inputs.set(String(op['@_name']), String(msg).replace(/^.*:/, ''));
    }
  }
  let style: 'document' | 'rpc' = 'document';
  const operations = new Map<string, WsdlOperation>();
  for (const b of arr(defs.binding)) {
    const sb = arr(b.binding)[0];
    if (sb?.['@_style'] === 'rpc') style = 'rpc';
    for (const op of arr(b.operation)) {
      const name = op['@_name'] ? String(op['@_name']) : undefined;
      if (!name || operations.has(name)) continue;
      const soapOp = arr(op.operation)[0];
      const action = soapOp?.['@_soapAction'] !== undefined ? String(soapOp['@_soapAction']) : undefined;
      const opStyle = soapOp?.['@_style'] ?? sb?.['@_style'] ?? 'document';
      if (opStyle === 'rpc') {
        // rpc/literal: the wrapper is the operation name in soap:body's namespace, parts unqualified
        const body = arr(op.input?.body)[0];
        operations.set(name, { namespace: String(body?.['@_namespace'] ?? tns), qualified: false, action });
        continue;
      }
      const msg = inputs.get(name);
      const el = elements.get((msg && messages.get(msg)) ?? name);
      operations.set(name, { namespace: el?.ns ?? tns, qualified: el?.qualified ?? false, action });
    }
  }
  const first = schemas[0];
  const fallback: WsdlOperation = { namespace: tns, qualified: first ? first['@_elementFormDefault'] === 'qualified' : false, action: undefined };
  return { targetNamespace: tns, style, operations, fallback };
}
