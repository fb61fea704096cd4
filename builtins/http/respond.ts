// Answers of the HTTP API: JSON bodies, the error shape every endpoint shares ({ error: { code, message } }, the
// code from the error catalogue or 1000), and request bodies read within their bound (413 past it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../core/errors.js';

/** A refusal with its HTTP status, the catalogue code its body carries, and any header it needs. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = ErrorCode.General,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

export function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

export function sendError(res: ServerResponse, e: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(e.status, { 'Content-Type': 'application/json; charset=utf-8', ...e.headers });
  res.end(JSON.stringify({ error: { code: e.code, message: e.message } }));
}

/** The request body, refused with 413 once it passes `max` bytes (a declared Content-Length is refused before reading). */
export async function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `request body too large: at most ${max} bytes (max_message_bytes)`, ErrorCode.General, { Connection: 'close' });
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A body that must be one JSON object: 400 naming `what` otherwise. */
export async function readJsonObject(req: IncomingMessage, max: number, what: string): Promise<Record<string, unknown>> {
  const body = await readBody(req, max);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (e) {
    throw new HttpError(400, `${what}: not JSON (${(e as Error).message})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, `${what}: must be a JSON object`);
  return value as Record<string, unknown>;
}
