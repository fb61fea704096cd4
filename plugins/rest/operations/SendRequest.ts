// rest.SendRequest / rest.<label>.SendRequest: send one HTTP request through the chosen REST client instance and
// wait for the whole response. The response is the result (`rest.*` for tests[]) and lands in $i.REST; a following
// rest.ExpectResponse checks it. No response (refused, reset, timeout) aborts the instance unless
// `abort_on_error` is false, in which case it is a failed check and $i.REST carries `code: 0` and `error`.
import { defineOperation, invalid, type Json, type OperationContext, type PrepareContext, isExpression } from '../../../sdk/index.js';
import { RestCallError, type RestClient } from '../gateway/client.js';
import { buildRequest, type SendRequestArgs } from '../request.js';
import { remember, restResult } from '../state.js';
import { requestBytes, responseBytes } from '../wire.js';

const scalar = { type: ['string', 'number', 'boolean'] };
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;


export default defineOperation<SendRequestArgs, RestClient>({
  type: 'rest.SendRequest',
  labelled: true,
  direction: 'send',
  gateway: 'rest',
  description: 'Send an HTTP request to the REST instance (base URL + path) and wait for the response; the result is { rest: { code, content, content_type, http_headers, headers, content_json } }.',
  arguments: {
    type: 'object',
    required: ['method'],
    properties: {
      method: { type: 'string', pattern: '^[A-Za-z]+$', description: 'HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, ...' },
      path: { type: 'string', description: 'Appended to the instance base URL (a leading / is added); may carry a query string.' },
      query: {
        description: 'Query parameters: an object (arrays repeat the name; null omits it) or an encoded string.',
        // one type list, not anyOf branches: the service's ajv coerces types, and a string branch tried before a null
        // one would send null as "" (a null branch tried first would drop 0 and false); a listed type is never coerced
        anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: ['null', 'string', 'number', 'boolean', 'array'], items: scalar } }],
      },
      headers: { type: 'object', additionalProperties: { type: ['string', 'number'] }, description: 'Request headers (override the instance defaults).' },
      http_headers: {
        type: 'array',
        description: 'Request headers in the anchor form: { name, value, append }; append adds to a header already set.',
        items: {
          type: 'object',
          required: ['name', 'value'],
          additionalProperties: false,
          properties: { name: { type: 'string' }, value: { type: ['string', 'number'] }, append: { type: ['boolean', 'integer'] } },
        },
      },
      content: { type: 'string', description: 'Body as text (content_type defaults to text/plain; charset=utf-8).' },
      json: { description: 'Body as JSON: any value, serialised (content_type defaults to application/json).' },
      body: { description: 'Body: a string is sent as text (as content), any other value as JSON (as json).' },
      content_type: { type: 'string', description: 'Content-Type of the body.' },
      timeout_ms: { type: 'integer', minimum: 1, maximum: 600000, description: 'Whole-request timeout, overriding the instance timeout_ms.' },
      abort_on_error: { type: 'boolean', default: true, description: 'When no response arrives: abort the instance (default) or record a failed check and go on.' },
      expect_error: { type: 'boolean', default: false, description: 'Negative test: no response (refused, reset, timeout) is a passed check and $i.REST carries code 0 and error; a response is a failed check.' },
    },
  },
  prepare(args: SendRequestArgs, ctx: PrepareContext<RestClient>) {
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
  async execute(ctx: OperationContext<RestClient>, args: SendRequestArgs) {
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
