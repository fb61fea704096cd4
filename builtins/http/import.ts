// POST /api/import: a capture (pcap or pcapng, the raw request body) to Test Definitions, by the import of the
// plugin that offers one (its exports are an sdk CaptureImporter: the capture plugin's), with the options of
// `tester import` in the query (docs/web.md "The HTTP API", docs/import.md). The body is bounded apart from the
// JSON bodies (a capture is bigger than a definition): MAX_IMPORT_BYTES.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServiceCore } from '../../core/service.js';
import { isCaptureImporter, type CaptureImporter, type CaptureImportOptions } from '../../sdk/index.js';
import { HttpError, readBody, sendJson } from './respond.js';

/** The largest capture an upload takes (docs/limits.md). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function importer(core: ServiceCore): CaptureImporter {
  for (const p of core.plugins) if (isCaptureImporter(p.exports)) return p.exports;
  throw new HttpError(501, 'no plugin of this service imports captures: enable the capture plugin (plugins.json: { "name": "capture" })');
}

function int(q: URLSearchParams, key: string, max: number): number | undefined {
  const v = q.get(key);
  if (v === null || v === '') return undefined;
  if (!/^\d{1,10}$/.test(v) || Number(v) > max) throw new HttpError(400, `${key}: expected an integer from 0 to ${max}, not '${v.slice(0, 40)}'`);
  return Number(v);
}

function text(q: URLSearchParams, key: string, pattern: RegExp, what: string): string | undefined {
  const v = q.get(key);
  if (v === null || v === '') return undefined;
  if (!pattern.test(v)) throw new HttpError(400, `${key}: expected ${what}, not '${v.slice(0, 40)}'`);
  return v;
}

/** The query's options, checked as `tester import` checks its own. */
function importOptions(q: URLSearchParams): CaptureImportOptions {
  const name = q.get('name') || 'capture';
  if (!NAME.test(name)) throw new HttpError(400, `name: letters, digits, '_', '.', '-' (at most 64, a letter or digit first), not '${name.slice(0, 40)}'`);
  const dialogue = text(q, 'dialogue', /^([1-9]\d{0,5}|0x[0-9a-fA-F]{1,8})$/, 'a dialogue number or an otid written 0x…');
  const o: CaptureImportOptions = { name, strict: q.get('strict') === 'true', together: q.get('together') === 'true' };
  const set = <K extends keyof CaptureImportOptions>(k: K, v: CaptureImportOptions[K] | undefined) => v !== undefined && (o[k] = v);
  set('role', text(q, 'role', /^[a-z]{1,20}$/, 'a role name (opener, answerer, ssp, scp, hlr, ...)'));
  set('dialogue', dialogue === undefined ? undefined : dialogue.startsWith('0x') ? { otid: parseInt(dialogue.slice(2), 16) } : { index: Number(dialogue) });
  set('pc', int(q, 'pc', 16777215));
  set('ssn', int(q, 'ssn', 255));
  set('ac', text(q, 'ac', /^\d+(\.\d+){1,20}$/, 'a dotted OID'));
  set('serviceKey', int(q, 'service_key', 2147483647));
  set('msisdn', text(q, 'msisdn', /^\+?\d{3,16}$/, 'an MSISDN (3 to 16 digits, optionally after a +)'));
  set('variant', text(q, 'variant', /^(cs1|camel[1-4])$/, 'cs1, camel2, camel3 or camel4'));
  return o;
}

/** 200 with the definitions and the notes; 422 (with the notes) when none was imported; 400 for what is no capture. */
export async function answerImport(core: ServiceCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const imp = importer(core);
  const o = importOptions(new URL(req.url ?? '/', 'http://x').searchParams);
  const body = await readBody(req, MAX_IMPORT_BYTES).catch((e: unknown) => {
    throw e instanceof HttpError && e.status === 413 ? new HttpError(413, `capture too large: an upload takes at most ${MAX_IMPORT_BYTES} bytes (tester import reads bigger files)`, e.code, e.headers) : e;
  });
  let r;
  try {
    r = imp.importCapture(body, o);
  } catch (e) {
    throw new HttpError(400, `not a capture the import reads: ${(e as Error).message}`);
  }
  if (!r.definitions.length) {
    sendJson(res, 422, { error: { code: 1000, message: `nothing imported (${r.summary}); the notes say why, frame by frame` }, notes: r.notes, summary: r.summary });
    return;
  }
  sendJson(res, 200, r);
}
