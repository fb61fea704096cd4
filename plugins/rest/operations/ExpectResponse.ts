// rest.ExpectResponse / rest.<label>.ExpectResponse: check the response of the last SendRequest (of the same label;
// without a label, the last of any). Each given field is a pass/fail check: `status`, `content`, `content_type`
// (media type only unless the expected value has parameters), `headers` (name → value, null = absent,
// `!name` = must not equal) and `json` (kpath into content_json → value). tests[] apply to { rest: {...} }.
import { defineOperation, invalid, Type, type Json, type JsonObject, type OperationContext, type PrepareContext } from '../../../sdk/index.js';
import { lastOutcome, restResult } from '../state.js';

export default defineOperation({
  type: 'rest.ExpectResponse',
  labelled: true,
  direction: 'receive',
  description: 'Check the response to the last rest.SendRequest (status, headers, content, JSON fields by kpath); the result is { rest: {...} } for tests[].',
  arguments: Type.Object({
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'Expected HTTP status code (0 = no response arrived).' })),
    code: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'Another name for status (the anchor result field rest.code).' })),
    body: Type.Optional(Type.Unsafe<Json>({ description: 'Expected body: a string is compared with content; an object or array with content_json (the given fields only).' })),
    content: Type.Optional(Type.String({ description: 'Expected body text, exactly.' })),
    content_type: Type.Optional(Type.String({ description: 'Expected media type (compared without parameters unless given with them).' })),
    headers: Type.Optional(Type.Unsafe<JsonObject>({ type: 'object', description: 'Expected headers: name (any case) → value; null = must be absent; "!name" = must not equal.' })),
    json: Type.Optional(Type.Unsafe<JsonObject>({ type: 'object', description: 'Expected JSON fields: kpath into content_json → value; null = must be absent; "!kpath" = must not equal.' })),
  }),
  prepare(args, ctx: PrepareContext) {
    if ((args.status !== undefined || args['!status'] !== undefined) && (args.code !== undefined || args['!code'] !== undefined)) throw invalid(`${ctx.path}.code`, 'give status or code, not both');
    for (const k of ['!headers', '!json'] as const) {
      if (k in args) throw invalid(`${ctx.path}.${k}`, `negate the fields inside ${k.slice(1)} instead ("!name": value)`);
    }
  },
  execute(ctx: OperationContext, args) {
    const res = lastOutcome(ctx);
    if (!res) ctx.abort(`${ctx.type}: no response to check: no ${ctx.label ? `rest.${ctx.label}.` : 'rest.'}SendRequest ran before it in this instance`);
    const received: JsonObject = { status: res.code };
    const expected: JsonObject = {};
    const mediaOnly = (want: Json | undefined) => typeof want === 'string' && !want.includes(';');
    for (const k of ['code', '!code'] as const) if (k in args) expected[k === 'code' ? 'status' : '!status'] = args[k] as Json;
    for (const k of ['body', '!body'] as const) {
      if (!(k in args)) continue;
      const want = args[k] as Json;
      expected[k] = want;
      received.body = typeof want === 'string' || want === null ? ('content' in res ? res.content : null) : 'content_json' in res ? (res.content_json ?? null) : null;
    }
    for (const key of ['status', 'content', 'content_type'] as const) {
      for (const k of [key, `!${key}` as const]) {
        if (!(k in args)) continue;
        const want = args[k] as Json;
        expected[k] = want;
        if (key === 'content') received.content = 'content' in res ? res.content : null;
        if (key === 'content_type') {
          const ct = 'content_type' in res ? res.content_type : null;
          received.content_type = ct !== null && mediaOnly(want) ? ct.split(';')[0]!.trim().toLowerCase() : ct;
          if (mediaOnly(want)) expected[k] = (want as string).toLowerCase();
        }
      }
    }
    if ('error' in res && Object.keys(expected).length === 0 && !args.headers && !args.json) {
      ctx.fail(`${ctx.type}: no response: ${res.error}`);
    }
    if (Object.keys(expected).length > 0) ctx.match('HTTP response', expected, received);
    if (args.headers) {
      const want: JsonObject = {};
      for (const [k, v] of Object.entries(args.headers)) want[k.toLowerCase()] = v;
      ctx.match('header', want, 'headers' in res ? (res.headers as JsonObject) : {});
    }
    if (args.json) {
      const doc = 'content_json' in res ? res.content_json : undefined;
      if (doc === undefined) {
        const why = 'error' in res ? `no response (${res.error})` : `content is not JSON (content-type ${res.content_type ?? 'none'}${res.content_json_error ? `; ${res.content_json_error}` : ''})`;
        ctx.fail(`${ctx.type}: cannot check json fields: ${why}`);
      } else {
        // kpath keys (`a.b`, `items[0].id`) are looked up by ctx.match itself
        ctx.match('JSON field', args.json as JsonObject, doc !== null && typeof doc === 'object' ? (doc as JsonObject) : {});
      }
    }
    return { result: restResult(res) };
  },
});
