// osd.Request (also ocncc.osd.Request, the anchor's name): call one operation of an OCNCC OSD SOAP interface and
// wait for the answer. The result is { returned: {...the response element...}, response, http_status } for
// tests[] (kpaths `returned.*`) and lands in $i.OSD. A SOAP fault is a failed check naming its code and string
// (a passed one with expect_fault); the result is then { fault: { code, string, actor, detail }, http_status }.
// No answer, malformed XML or a non-SOAP answer abort the instance (anchor: "terminate") unless abort_on_error false.
import { defineOperation, invalid, Type, type Json, type JsonObject, type OperationContext, type OperationOutcome, type PrepareContext, type Static, isExpression } from '../../../sdk/index.js';
import { OsdCallError, type HttpExchange, type OsdEndpoint } from '../gateway/endpoint.js';
import { buildEnvelope, EnvelopeError, XML_NAME } from '../soap/envelope.js';
import { parseSoapResponse, SoapParseError, type SoapResult } from '../soap/response.js';
import { STATUS_CODES } from 'node:http';

function httpText(head: string, headers: Record<string, string>, body: string): Uint8Array {
  const b = Buffer.from(body, 'utf8');
  let h = head + '\r\n';
  for (const [k, v] of Object.entries(headers)) if (k !== 'content-length') h += `${k}: ${v}\r\n`;
  h += `content-length: ${b.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(h, 'latin1'), b]);
}

const RequestArguments = Type.Object({
  operation: Type.String({ pattern: XML_NAME.source, description: 'Operation (request element) name, e.g. GetBalance.' }),
  action: Type.Optional(Type.String({ description: 'SOAPAction (the WSDL action URL); default: the instance action_base + operation, else the WSDL soapAction, else "".' })),
  parameters: Type.Optional(Type.Unsafe<JsonObject>({ type: 'object', description: 'name → value; objects nest, arrays repeat the element, null sends xsi:nil.' })),
  wsdl_url: Type.Optional(Type.String({ description: 'WSDL of the interface, read once (cached) for the namespace, element form and SOAPAction of the operation; default: the instance wsdl_url.' })),
  namespace: Type.Optional(Type.String({ description: 'Target namespace of the operation, overriding the instance namespace.' })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 600000 })),
  expect_fault: Type.Optional(Type.Boolean({ default: false, description: 'A SOAP fault is expected: a fault passes, a normal response fails.' })),
  abort_on_error: Type.Optional(Type.Boolean({ default: true, description: 'No answer or an unparsable one aborts the instance (default) or is a failed check.' })),
  expect_error: Type.Optional(
    Type.Boolean({ default: false, description: 'Negative test: a SOAP fault, no answer or an unparsable one is a passed check (result fault or error for tests[]); a normal response is a failed check.' }),
  ),
});

type RequestArgs = Static<typeof RequestArguments>;

/** The request as sent, for the detailed record and pcap. */
function recordSent(ctx: OperationContext<OsdEndpoint>, ep: OsdEndpoint, args: RequestArgs, action: string, envelope: string): void {
  ctx.message({
    direction: 'sent',
    protocol: 'osd',
    name: args.operation,
    fields: { operation: args.operation, action, parameters: (args.parameters ?? {}) as Json, envelope: ctx.run.traceLevel >= 2 ? envelope : null },
    bytes: httpText(`POST ${ep.path} HTTP/1.1`, { host: new URL(ep.origin).host, ...ep.headers, soapaction: `"${action}"` }, envelope),
    dissector: 'http',
    peer: ep.name,
  });
}

/** The answer as received, for the detailed record and pcap. */
function recordReceived(ctx: OperationContext<OsdEndpoint>, ep: OsdEndpoint, operation: string, x: HttpExchange): void {
  ctx.message({
    direction: 'received',
    protocol: 'osd',
    name: `${operation} ${x.status}`,
    fields: { http_status: x.status, content: ctx.run.traceLevel >= 2 ? x.body : null },
    bytes: httpText(`HTTP/1.1 ${x.status} ${STATUS_CODES[x.status] ?? ''}`, x.contentType ? { 'content-type': x.contentType } : {}, x.body),
    dissector: 'http',
    peer: ep.name,
  });
}

/** Pass or fail a parsed SOAP answer: a fault against expect_fault / expect_error, a response against both and the HTTP status. */
function judge(ctx: OperationContext<OsdEndpoint>, ep: OsdEndpoint, args: RequestArgs, x: HttpExchange, parsed: SoapResult): OperationOutcome {
  const expected = args.expect_fault || args.expect_error === true;
  if (parsed.kind === 'fault') {
    ep.countFault();
    const f = parsed.fault;
    const result: JsonObject = { fault: f as unknown as Json, http_status: x.status };
    ctx.received('OSD', result);
    const text = `osd ${ep.name} ${args.operation}: SOAP fault ${f.code}: ${f.string}`;
    if (expected) ctx.pass(`${text} (expected)`);
    else ctx.fail(text);
    return { result };
  }
  const returned = parsed.returned;
  if (parsed.name && returned !== null && typeof returned === 'object' && !Array.isArray(returned) && !(parsed.name in returned)) {
    // `returned.GetBalanceResponse.balance` reads the same as `returned.balance` (not shown in JSON output)
    Object.defineProperty(returned, parsed.name, { value: returned, enumerable: false });
  }
  const result: JsonObject = { returned, response: parsed.name, http_status: x.status };
  ctx.received('OSD', result);
  if (expected) ctx.fail(`osd ${ep.name} ${args.operation}: expected ${args.expect_fault ? 'a SOAP fault' : 'an error (expect_error)'}, got ${parsed.name || 'an empty Body'} (HTTP ${x.status})`);
  else if (x.status !== 200) ctx.fail(`osd ${ep.name} ${args.operation}: HTTP ${x.status} with a non-fault SOAP response`);
  ctx.trace(1, `osd ${ep.name}: ${parsed.name} in ${x.elapsedMs} ms`);
  return { result };
}

export default defineOperation({
  type: 'osd.Request',
  aliases: ['ocncc.osd.Request'],
  direction: 'send',
  gateway: 'osd',
  description: 'Call an OCNCC OSD operation over SOAP 1.1; the result is { returned, response, http_status } or { fault } for tests[].',
  arguments: RequestArguments,
  prepare(args, ctx: PrepareContext<OsdEndpoint>) {
    const check = (v: Json, path: string): void => {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [k, x] of Object.entries(v)) {
          if (!XML_NAME.test(k)) throw invalid(`${path}.${k}`, `'${k}' is not an XML element name`);
          check(x, `${path}.${k}`);
        }
      } else if (Array.isArray(v)) v.forEach((x, i) => check(x, `${path}[${i}]`));
    };
    if (args.parameters && typeof args.parameters === 'object' && !isExpression(args.parameters)) check(args.parameters, `${ctx.path}.parameters`);
  },
  async execute(ctx: OperationContext<OsdEndpoint>, args) {
    const ep = ctx.gateway();
    const expectError = args.expect_error === true;
    const failOrAbort = (text: string, result: JsonObject) => {
      ctx.received('OSD', result);
      if (expectError) {
        ctx.pass(`${text} (expected)`);
        return { result };
      }
      if (args.abort_on_error === false) {
        ctx.fail(text);
        return { result };
      }
      return ctx.abort(text);
    };
    const facts = await ep.facts(args.operation, args.wsdl_url, ctx.signal);
    if (facts.wsdlProblem) ctx.trace(1, `osd ${ep.name}: ${facts.wsdlProblem}; using the configured namespace and action`);
    let envelope: string;
    try {
      envelope = buildEnvelope(args.operation, args.parameters, { namespace: args.namespace ?? facts.namespace, qualified: facts.qualified, ...(ep.wsse ? { wsse: ep.wsse } : {}) });
    } catch (e) {
      if (e instanceof EnvelopeError) return failOrAbort(`osd ${ep.name} ${args.operation}: ${e.message}`, { error: e.message });
      throw e;
    }
    const action = args.action ?? facts.action ?? '';
    if (ctx.recordsMessages) recordSent(ctx, ep, args, action, envelope);
    ctx.trace(1, `osd ${ep.name}: ${args.operation} (SOAPAction "${action}")`);
    let x;
    try {
      x = await ep.post(envelope, action, args.timeout_ms, ctx.signal);
    } catch (e) {
      const msg = e instanceof OsdCallError ? e.message : `unexpected failure: ${(e as Error).message}`;
      return failOrAbort(`osd ${ep.name} ${args.operation}: ${msg}`, { error: msg, http_status: 0 });
    }
    if (ctx.recordsMessages) recordReceived(ctx, ep, args.operation, x);
    let parsed;
    try {
      parsed = parseSoapResponse(x.body);
    } catch (e) {
      const why = e instanceof SoapParseError ? e.message : (e as Error).message;
      const snippet = x.body.length > 120 ? x.body.slice(0, 117) + '...' : x.body;
      return failOrAbort(`osd ${ep.name} ${args.operation}: HTTP ${x.status}, ${why}${snippet ? ` (body: ${JSON.stringify(snippet)})` : ''}`, {
        error: why,
        http_status: x.status,
      });
    }
    return judge(ctx, ep, args, x, parsed);
  },
});
