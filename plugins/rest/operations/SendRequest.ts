// rest.SendRequest / rest.<label>.SendRequest: send one HTTP request through the chosen REST client instance and
// wait for the whole response. The response is the result (`rest.*` for tests[]) and lands in $i.REST; a following
// rest.ExpectResponse checks it. No response (refused, reset, timeout) aborts the instance unless
// `abort_on_error` is false, in which case it is a failed check and $i.REST carries `code: 0` and `error`.
import { defineOperation, invalid, Type, type Json, type Static, type OperationContext, type PrepareContext, isExpression } from '../../../sdk/index.js';
import { RestCallError, type RestClient } from '../gateway/client.js';
import { buildRequest } from '../request.js';
import { remember, restResult } from '../state.js';
import { requestBytes, responseBytes } from '../wire.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// one type list, not anyOf branches: the service's ajv coerces types, and a string branch tried before a null one
// would send null as "" (a null branch tried first would drop 0 and false); a listed type is never coerced
const QueryValue = Type.Unsafe<string | number | boolean | null | Array<string | number | boolean>>({
  type: ['null', 'string', 'number', 'boolean', 'array'],
  items: { type: ['string', 'number', 'boolean'] },
});
const StringOrNumber = Type.Unsafe<string | number>({ type: ['string', 'number'] });

const SendRequestArguments = Type.Object({
  method: Type.String({ pattern: '^[A-Za-z]+$', description: 'HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, ...' }),
  path: Type.Optional(Type.String({ description: 'Appended to the instance base URL (a leading / is added); may carry a query string.' })),
  query: Type.Optional(
    Type.Union([Type.String(), Type.Unsafe<Record<string, Static<typeof QueryValue>>>({ type: 'object', additionalProperties: QueryValue })], {
      description: 'Query parameters: an object (arrays repeat the name; null omits it) or an encoded string.',
    }),
  ),
  headers: Type.Optional(Type.Unsafe<Record<string, string | number>>({ type: 'object', additionalProperties: StringOrNumber, description: 'Request headers (override the instance defaults).' })),
  http_headers: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String(), value: StringOrNumber, append: Type.Optional(Type.Unsafe<boolean | number>({ type: ['boolean', 'integer'] })) }, { additionalProperties: false }),
      { description: 'Request headers in the anchor form: { name, value, append }; append adds to a header already set.' },
    ),
  ),
  content: Type.Optional(Type.String({ description: 'Body as text (content_type defaults to text/plain; charset=utf-8).' })),
  json: Type.Optional(Type.Unsafe<Json>({ description: 'Body as JSON: any value, serialised (content_type defaults to application/json).' })),
  body: Type.Optional(Type.Unsafe<Json>({ description: 'Body: a string is sent as text (as content), any other value as JSON (as json).' })),
  content_type: Type.Optional(Type.String({ description: 'Content-Type of the body.' })),
  timeout_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: 600000, description: 'Whole-request timeout, overriding the instance timeout_ms.' })),
  abort_on_error: Type.Optional(Type.Boolean({ default: true, description: 'When no response arrives: abort the instance (default) or record a failed check and go on.' })),
  expect_error: Type.Optional(Type.Boolean({ default: false, description: 'Negative test: no response (refused, reset, timeout) is a passed check and $i.REST carries code 0 and error; a response is a failed check.' })),
});

export type SendRequestArgs = Static<typeof SendRequestArguments>;

export default defineOperation({
  type: 'rest.SendRequest',
  labelled: true,
  direction: 'send',
  gateway: 'rest',
  description: 'Send an HTTP request to the REST instance (base URL + path) and wait for the response; the result is { rest: { code, content, content_type, http_headers, headers, content_json } }.',
  arguments: SendRequestArguments,
  prepare(args, ctx: PrepareContext<RestClient>) {
    if ([args.content, args.json, args.body].filter((v) => v !== undefined).length > 1) {
      throw invalid(`${ctx.path}.${args.body !== undefined ? 'body' : 'json'}`, 'give one of content, json and body');
    }
    if (typeof args.path === 'string' && !isExpression(args.path) && /^[a-z][a-z0-9+.-]*:\/\//i.test(args.path)) {
      throw invalid(`${ctx.path}.path`, 'is a path below the instance base_url, not a full URL (pick the instance with the rest / rest_<label> param)');
    }
    for (const [i, h] of (Array.isArray(args.http_headers) ? args.http_headers : []).entries()) {
      if (typeof h?.name === 'string' && !isExpression(h.name) && !TOKEN.test(h.name)) throw invalid(`${ctx.path}.http_headers[${i}].name`, `'${h.name}' is not a valid header name`);
    }
    for (const k of Object.keys(args.headers ?? {})) {
      if (!TOKEN.test(k)) throw invalid(`${ctx.path}.headers`, `'${k}' is not a valid header name`);
    }
  },
  async execute(ctx: OperationContext<RestClient>, args) {
    const client = ctx.gateway();
    const req = buildRequest(args, client.defaultHeaders);
    const what = `${req.method} ${req.path}`;
    if (ctx.recordsMessages) {
      ctx.message({
        direction: 'sent',
        protocol: 'rest',
        name: what,
        fields: { method: req.method, url: client.url(req.path), headers: req.headers, content: req.body ?? null },
        bytes: requestBytes(req.method, client.basePath + req.path, new URL(client.origin).host, req.headers, req.body),
        dissector: 'http',
        peer: client.name,
      });
    }
    ctx.trace(1, `rest ${client.name}: ${req.method} ${client.url(req.path)}`);
    let res;
    try {
      res = await client.send({ method: req.method, path: req.path, headers: req.headers, body: req.body, timeoutMs: args.timeout_ms, signal: ctx.signal });
    } catch (e) {
      const message = e instanceof RestCallError ? e.message : `unexpected failure: ${(e as Error).message}`;
      const outcome = { code: 0 as const, error: message, method: req.method, url: client.url(req.path) };
      remember(ctx, outcome);
      ctx.received('REST', outcome);
      if (args.expect_error === true) {
        ctx.pass(`rest ${client.name}: no response, as expected: ${message}`);
        return { result: restResult(outcome) };
      }
      if (args.abort_on_error === false) {
        ctx.fail(`rest ${client.name}: ${message}`);
        return { result: restResult(outcome) };
      }
      ctx.abort(`rest ${client.name}: ${message}`);
    }
    if (args.expect_error === true) ctx.fail(`rest ${client.name}: ${what}: expected no response (expect_error), got HTTP ${res.code}`);
    remember(ctx, res);
    ctx.received('REST', res as unknown as Json);
    if (ctx.recordsMessages) {
      ctx.message({
        direction: 'received',
        protocol: 'rest',
        name: `${res.code} ${what}`,
        fields: { code: res.code, headers: res.headers, content: res.content },
        bytes: responseBytes(res.code, res.http_headers, res.content),
        dissector: 'http',
        peer: client.name,
      });
    }
    ctx.trace(1, `rest ${client.name}: ${res.code} in ${res.elapsed_ms} ms`);
    return { result: restResult(res) };
  },
});
